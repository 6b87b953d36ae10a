/**
 * The coach's portrait: one file in content/ that the coach replaces with a real photo
 * (content/portrait.jpg, portrait format, at least 960 px wide). `npm run images` turns it into
 * the responsive, compressed variants the pages use, named after their content
 * (public/images/portrait-{width}.{hash}.{avif,webp}), and lists them in images.lock.json, which
 * the server reads while it runs (app/server/images.server.ts): a new photo gets new addresses, so
 * every visitor sees it at once, without a rebuild or restart, and each file can be cached for a
 * year. The site ships with a generated stand-in: an illustration, not a person.
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
