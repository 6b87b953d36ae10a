/** The widths the pages ask for; the largest is what a wide screen shows (sharp on a 2x display). */
export const PORTRAIT_WIDTHS = [320, 480, 640, 960] as const
/** Height to width of the portrait as shown: 4:5. */
export const PORTRAIT_RATIO = 5 / 4

/**
 * The generated stand-in portrait carries this in its EXIF description (scripts/lib/portrait.ts),
 * so the launch check knows it by its bytes, without an image library on the server.
 */
export const STAND_IN_PORTRAIT_MARKER = 'coach-site stand-in portrait: replace with a photo of the coach'

/** What `npm run images` made from content/portrait.jpg (listed in images.lock.json). */
export type PortraitFiles = {
  /** sha256 of content/portrait.jpg when the variants were made. */
  source: string
  /** Which version of the generator made them. */
  generator: string
  /** The largest variant: the photo cut to 4:5, at most the largest width the pages ask for. */
  width: number
  height: number
  avif: Array<{ url: string; width: number }>
  webp: Array<{ url: string; width: number }>
}

/** What a page needs to show the portrait. */
export type PortraitImage = Pick<PortraitFiles, 'width' | 'height' | 'avif' | 'webp'>

/** In Danish, for `npm run images` and `npm run check:launch`: a photo that would look blurred. */
export function smallPortraitWarning(width: number) {
  const largest = PORTRAIT_WIDTHS.at(-1)!
  if (width >= largest) return undefined
  return `portrættet er kun ${width} px bredt (efter beskæring til 4:5), men siden viser det op til ${largest} px bredt, så det kan se uskarpt ud – brug et foto på mindst ${largest} × ${largest * PORTRAIT_RATIO} px`
}
