/**
 * The coach's portrait: one file in content/ that the coach replaces with a real photo
 * (content/portrait.jpg, portrait format, at least 960 px wide). `npm run images` turns it into
 * the responsive, compressed variants the pages use (public/images/portrait-{width}.{avif,webp}).
 * The site ships with a generated stand-in: an illustration, not a person.
 */
import { existsSync, mkdirSync } from 'node:fs'
import sharp from 'sharp'
import { STAND_IN_PORTRAIT_MARKER } from '../../app/server/launch-check.server.ts'

export const PORTRAIT_SOURCE = 'content/portrait.jpg'
export const PORTRAIT_DIR = 'public/images'
export const PORTRAIT_WIDTHS = [320, 480, 640, 960] as const
/** Width to height of the portrait as shown: 4:5. */
export const PORTRAIT_RATIO = 5 / 4

/** Two chairs turned towards each other under a low sun: a conversation, drawn in the site's colours. */
function standInSvg(width = 960, height = 1200) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 960 1200">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f1ea"/><stop offset="1" stop-color="#e4d7c3"/></linearGradient></defs>
<rect width="960" height="1200" fill="url(#sky)"/>
<circle cx="650" cy="360" r="150" fill="#e0b07e" opacity="0.55"/>
<path d="M0 760 C 220 690, 420 720, 560 760 S 860 820, 960 780 L960 1200 L0 1200 Z" fill="#a9c7a5" opacity="0.7"/>
<path d="M0 860 C 260 800, 520 850, 700 880 S 900 900, 960 880 L960 1200 L0 1200 Z" fill="#5f8a6f" opacity="0.75"/>
<g fill="none" stroke="#24443a" stroke-width="12" stroke-linecap="round" stroke-linejoin="round">
  <path d="M228 650 L262 790 L262 930 M262 790 L380 790 L390 930"/>
  <path d="M732 650 L698 790 L698 930 M698 790 L580 790 L570 930"/>
  <path d="M440 820 L520 820 M480 820 L480 930 M450 930 L510 930"/>
</g>
<path d="M462 804 L498 804 L494 820 L466 820 Z" fill="#f5f1ea" stroke="#24443a" stroke-width="6" stroke-linejoin="round"/>
</svg>`
}

/** Writes the stand-in, unless the coach's own portrait is already there. */
export async function ensurePortraitSource() {
  if (existsSync(PORTRAIT_SOURCE)) return false
  await sharp(Buffer.from(standInSvg()))
    .jpeg({ quality: 88, mozjpeg: true })
    .withExif({ IFD0: { ImageDescription: STAND_IN_PORTRAIT_MARKER } })
    .toFile(PORTRAIT_SOURCE)
  return true
}

export async function writePortraitVariants() {
  await ensurePortraitSource()
  mkdirSync(PORTRAIT_DIR, { recursive: true })
  for (const width of PORTRAIT_WIDTHS) {
    const image = sharp(PORTRAIT_SOURCE).resize(width, Math.round(width * PORTRAIT_RATIO), { fit: 'cover', position: 'attention' })
    await image.clone().avif({ quality: 55 }).toFile(`${PORTRAIT_DIR}/portrait-${width}.avif`)
    await image.clone().webp({ quality: 78 }).toFile(`${PORTRAIT_DIR}/portrait-${width}.webp`)
  }
}
