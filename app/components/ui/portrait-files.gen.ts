// Made by `npm run images` from content/portrait.jpg (scripts/lib/portrait.ts); do not edit.
import type { PortraitFiles } from '~/lib/portrait-sizes'

export const portraitFiles: PortraitFiles = {
  "source": "2e29a78e25297c1c2029c72cfa4285f72bae29d7a450ba1b49b28707e0faa50f",
  "generator": "1fb1c15bfa1993f7",
  "width": 960,
  "height": 1200,
  "avif": [
    {
      "url": "/images/portrait-320.d33c736882.avif",
      "width": 320
    },
    {
      "url": "/images/portrait-480.34777761f0.avif",
      "width": 480
    },
    {
      "url": "/images/portrait-640.85b2a837a2.avif",
      "width": 640
    },
    {
      "url": "/images/portrait-960.21c8de77bf.avif",
      "width": 960
    }
  ],
  "webp": [
    {
      "url": "/images/portrait-320.f8fb705a21.webp",
      "width": 320
    },
    {
      "url": "/images/portrait-480.55eed62810.webp",
      "width": 480
    },
    {
      "url": "/images/portrait-640.b2a43db8f7.webp",
      "width": 640
    },
    {
      "url": "/images/portrait-960.75aa5eedea.webp",
      "width": 960
    }
  ]
}
