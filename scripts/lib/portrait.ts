/**
 * The coach's portrait: one file in content/ that the coach replaces with a real photo
 * (content/portrait.jpg, portrait format, at least 960 px wide). `npm run images` turns it into
 * the responsive, compressed variants the pages use, named after their content
 * (public/images/portrait-{width}.{hash}.{avif,webp}), and lists them in images.lock.json, which
 * the server reads while it runs (app/server/images.server.ts): a new photo gets new addresses, so
 * every visitor sees it at once, without a rebuild or restart, and each file can be cached for a
 * year. The site ships with a generated stand-in: a drawing of a person, not a photo.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { PORTRAIT_RATIO as RATIO, PORTRAIT_WIDTHS, type PortraitFiles, STAND_IN_PORTRAIT_MARKER, smallPortraitWarning } from '../../app/lib/portrait-sizes.ts'
import { imagesLockPath } from '../../app/server/images.server.ts'
import { PUBLIC_DIR } from './covers.ts'
import { generatorVersion, readLock, sha256, writeLock } from './drawn-images.ts'

export const PORTRAIT_SOURCE = 'content/portrait.jpg'
export const PORTRAIT_DIR = join(PUBLIC_DIR, 'images')

/** Any change to this file (how the variants are drawn) redraws them. */
const GENERATOR = generatorVersion(import.meta.url)
/** Our own variants, with or without a content hash; nothing else in the folder is touched. */
const VARIANT_NAME = /^portrait-\d+(?:\.[0-9a-f]+)?\.(?:avif|webp)$/

/**
 * A drawn woman, head and shoulders, smiling, in the site's colours: the pages read as made by a
 * person while the coach's photo is not there yet, and nobody takes the drawing for her photo
 * (check:launch lists it by its marker).
 */
function standInSvg(width = 960, height = 1200) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 960 1200">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3ece2"/><stop offset="1" stop-color="#e2d2bd"/></linearGradient>
  <linearGradient id="skin" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1cbb0"/><stop offset="1" stop-color="#e4b394"/></linearGradient>
  <linearGradient id="hair" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6b4a36"/><stop offset="1" stop-color="#4e3426"/></linearGradient>
  <linearGradient id="sweater" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6e9a7d"/><stop offset="1" stop-color="#4f7a60"/></linearGradient>
</defs>
<rect width="960" height="1200" fill="url(#bg)"/>
<circle cx="480" cy="520" r="330" fill="#d8c2a6" opacity="0.45"/>
<path d="M300 470 C 290 300, 390 220, 485 222 C 600 224, 680 310, 668 480 C 662 620, 700 760, 740 900 C 745 930, 700 960, 640 960 L 320 960 C 260 960, 215 930, 222 900 C 262 760, 305 620, 300 470 Z" fill="url(#hair)"/>
<path d="M120 1200 C 130 1000, 230 900, 370 860 L 590 860 C 730 900, 830 1000, 840 1200 Z" fill="url(#sweater)"/>
<path d="M425 620 C 428 700, 424 780, 418 850 C 450 905, 510 905, 542 850 C 536 780, 532 700, 535 620 Z" fill="#e2ad8e"/>
<path d="M425 640 C 460 690, 500 690, 535 640 L 535 700 C 500 730, 460 730, 425 700 Z" fill="#c98f72" opacity="0.35"/>
<path d="M370 860 C 410 930, 550 930, 590 860 L 560 850 C 520 900, 440 900, 400 850 Z" fill="#f3ece2" opacity="0.9"/>
<ellipse cx="338" cy="500" rx="26" ry="42" fill="#e6b497"/>
<ellipse cx="622" cy="500" rx="26" ry="42" fill="#e6b497"/>
<ellipse cx="480" cy="480" rx="145" ry="180" fill="url(#skin)"/>
<path d="M335 440 C 330 320, 410 262, 490 265 C 575 268, 640 330, 630 440 C 600 380, 540 340, 470 345 C 410 350, 360 390, 335 440 Z" fill="url(#hair)"/>
<path d="M395 445 C 415 432, 440 432, 458 440" fill="none" stroke="#5a3d2e" stroke-width="7" stroke-linecap="round"/>
<path d="M502 440 C 520 432, 545 432, 565 445" fill="none" stroke="#5a3d2e" stroke-width="7" stroke-linecap="round"/>
<path d="M402 482 C 415 470, 440 470, 452 482" fill="none" stroke="#3b2a22" stroke-width="7" stroke-linecap="round"/>
<path d="M508 482 C 520 470, 545 470, 558 482" fill="none" stroke="#3b2a22" stroke-width="7" stroke-linecap="round"/>
<path d="M482 500 C 478 530, 470 548, 478 556 C 484 560, 492 558, 496 554" fill="none" stroke="#c98f72" stroke-width="6" stroke-linecap="round"/>
<circle cx="405" cy="545" r="30" fill="#e58f80" opacity="0.22"/>
<circle cx="555" cy="545" r="30" fill="#e58f80" opacity="0.22"/>
<path d="M430 595 C 455 625, 505 625, 530 595" fill="none" stroke="#a8533f" stroke-width="8" stroke-linecap="round"/>
<circle cx="336" cy="552" r="7" fill="#e0b07e"/>
<circle cx="624" cy="552" r="7" fill="#e0b07e"/>
</svg>`
}

/** Writes the stand-in, unless the coach's own portrait is already there. */
export async function ensurePortraitSource(source = PORTRAIT_SOURCE) {
  if (existsSync(source)) return false
  await sharp(Buffer.from(standInSvg()))
    .jpeg({ quality: 88, mozjpeg: true })
    .withExif({ IFD0: { ImageDescription: STAND_IN_PORTRAIT_MARKER } })
    .toFile(source)
  return true
}

/** The widths to make from a photo this wide: never wider than the photo itself. */
export function portraitWidths(available: number) {
  const widths: number[] = PORTRAIT_WIDTHS.filter((width) => width <= available)
  if (available < PORTRAIT_WIDTHS.at(-1)!) widths.push(available)
  return widths
}

const fileNames = (files: PortraitFiles | undefined) => (files ? [...files.avif, ...files.webp].map((file) => file.url.replace(/^\/images\//, '')) : [])

export type PortraitResult = { drawn: boolean; width: number; warning?: string }

/**
 * Makes the variants when the photo (or this generator) changed since the last time. The photo is
 * turned upright as its EXIF orientation says (phones store pixels sideways with a flag), cut to
 * 4:5 around what draws the eye, and never enlarged. The previous portrait's files stay until the
 * next new one: a page a shared cache still holds (s-maxage, stale-while-revalidate) names them.
 */
export async function writePortraitVariants({
  source = PORTRAIT_SOURCE,
  outDir = PORTRAIT_DIR,
  lockFile = imagesLockPath(),
}: { source?: string; outDir?: string; lockFile?: string } = {}): Promise<PortraitResult> {
  await ensurePortraitSource(source)
  const sourceHash = sha256(readFileSync(source))
  const previous = readLock(lockFile).portrait
  if (previous?.source === sourceHash && previous.generator === GENERATOR && fileNames(previous).every((name) => existsSync(join(outDir, name)))) {
    return { drawn: false, width: previous.width, warning: smallPortraitWarning(previous.width) }
  }

  const upright = await sharp(source).rotate().toBuffer({ resolveWithObject: true })
  const width = Math.min(upright.info.width, Math.floor(upright.info.height / RATIO))
  const cropped = await sharp(upright.data)
    .resize(width, Math.round(width * RATIO), { fit: 'cover', position: 'attention' })
    .png()
    .toBuffer()

  mkdirSync(outDir, { recursive: true })
  const widths = portraitWidths(width)
  const largest = widths.at(-1)!
  const files: PortraitFiles = { source: sourceHash, generator: GENERATOR, width: largest, height: Math.round(largest * RATIO), avif: [], webp: [] }
  for (const variantWidth of widths) {
    const image = sharp(cropped).resize(variantWidth, Math.round(variantWidth * RATIO))
    for (const [format, bytes] of [
      ['avif', await image.clone().avif({ quality: 55 }).toBuffer()],
      ['webp', await image.clone().webp({ quality: 78 }).toBuffer()],
    ] as const) {
      const name = `portrait-${variantWidth}.${sha256(bytes).slice(0, 10)}.${format}`
      writeFileSync(join(outDir, name), bytes)
      files[format].push({ url: `/images/${name}`, width: variantWidth })
    }
  }
  // The new list first (the next page rendered names the new files), then the files of the
  // portrait before the previous one go: never a list that names a missing file.
  writeLock({ ...readLock(lockFile), portrait: files }, lockFile)
  const kept = new Set([...fileNames(files), ...fileNames(previous)])
  for (const name of readdirSync(outDir)) {
    if (VARIANT_NAME.test(name) && !kept.has(name)) rmSync(join(outDir, name))
  }
  return { drawn: true, width: largest, warning: smallPortraitWarning(largest) }
}
