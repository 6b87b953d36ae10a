/**
 * The article covers: a calm, distinct 1200x630 image per article, composed as SVG from its
 * category and slug and rasterised with sharp. Written by `npm run images` (all) and by
 * `npm run db:seed` (the ones missing). Per article:
 *   public/images/blog/{slug}.webp and {slug}-600.webp  (pages; no text, the page shows the title)
 *   public/images/blog/{slug}.jpg                       (og:image, with the title for shared links)
 * A real photo in content/blog/images/{slug}.(jpg|jpeg|png|webp) replaces the generated art.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { site } from '../../content/site.ts'

const PHOTO_DIR = 'content/blog/images'
/** PUBLIC_DIR lets a test write its covers elsewhere. */
export const PUBLIC_DIR = process.env.PUBLIC_DIR ?? 'public'
export const COVER_DIR = join(PUBLIC_DIR, 'images', 'blog')
const WIDTH = 1200
const HEIGHT = 630

/** Two background tones and an accent per category: warm neutrals around the site's sage green. */
const palettes: Record<string, [string, string, string]> = {
  teenage: ['#e9d8c4', '#c9a98a', '#7a4e2d'],
  relationship: ['#f0d9d4', '#d3a197', '#8a3f36'],
  stress: ['#d9e7e0', '#9fbfb0', '#2f5646'],
  life: ['#efe3c8', '#d7b978', '#7d5a12'],
  career: ['#dde3ea', '#a4b3c4', '#34475d'],
  insights: ['#e6e1ee', '#b5a9cb', '#4c3d6b'],
  crisis: ['#e3e0da', '#a9a297', '#4a443b'],
  'personal-development': ['#dfeadf', '#a9c7a5', '#3c6b38'],
  kosttilskud: ['#dcebec', '#95c4c7', '#1f5f63'],
  'special-offers': ['#f3e2d0', '#e0b07e', '#8c4f14'],
}

/** A small deterministic generator, so a cover only changes when its slug or category does. */
function random(seed: string) {
  let state = [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261) >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

function art(slug: string, category: string) {
  const [light, mid, deep] = palettes[category] ?? palettes.insights!
  const next = random(slug)
  const circles = Array.from({ length: 5 }, (_, index) => {
    const r = 90 + next() * 260
    const cx = next() * WIDTH
    const cy = next() * HEIGHT
    const color = index % 2 === 0 ? mid : deep
    const opacity = (0.12 + next() * 0.22).toFixed(2)
    return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${color}" opacity="${opacity}"/>`
  })
  const waves = Array.from({ length: 3 }, (_, index) => {
    const y = HEIGHT * (0.45 + index * 0.16 + next() * 0.06)
    const amplitude = 30 + next() * 50
    const phase = next() * WIDTH
    return `<path d="M0 ${y.toFixed(0)} C ${(300 + phase / 4).toFixed(0)} ${(y - amplitude).toFixed(0)}, ${(800 - phase / 5).toFixed(0)} ${(y + amplitude).toFixed(0)}, ${WIDTH} ${(y - amplitude / 2).toFixed(0)} L ${WIDTH} ${HEIGHT} L 0 ${HEIGHT} Z" fill="${index === 2 ? deep : mid}" opacity="${(0.18 + index * 0.1).toFixed(2)}"/>`
  })
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>${circles.join('')}${waves.join('')}`
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Breaks a title into at most three lines of about 26 characters for the share image. */
function wrap(title: string, width = 26) {
  const lines: string[] = []
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1)
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines.slice(2).join(' ').slice(0, width - 1)}…`] : lines
}

function shareOverlay(title: string, subtitle: string) {
  const lines = wrap(title)
  const top = HEIGHT / 2 - (lines.length * 72) / 2 + 40
  const text = lines
    .map((line, index) => `<text x="80" y="${top + index * 72}" font-family="DejaVu Serif, serif" font-size="60" font-weight="bold" fill="#ffffff">${escapeXml(line)}</text>`)
    .join('')
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="#1d2b25" opacity="0.55"/>
<text x="80" y="110" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#e8efe9" letter-spacing="3">${escapeXml(subtitle.toUpperCase())}</text>
${text}<text x="80" y="${HEIGHT - 70}" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#e8efe9">${escapeXml(site.tagline)}</text>`
}

const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`)

export function photoFor(slug: string) {
  for (const ext of ['jpg', 'jpeg', 'png', 'webp']) {
    const path = join(PHOTO_DIR, `${slug}.${ext}`)
    if (existsSync(path)) return path
  }
  return undefined
}

export async function writeCover(slug: string, title: string, category: string) {
  mkdirSync(COVER_DIR, { recursive: true })
  const photo = photoFor(slug)
  const base = photo
    ? await sharp(photo).resize(WIDTH, HEIGHT, { fit: 'cover', position: 'attention' }).png().toBuffer()
    : await sharp(svg(art(slug, category))).png().toBuffer()
  await sharp(base).webp({ quality: 78 }).toFile(join(COVER_DIR, `${slug}.webp`))
  await sharp(base).resize(600, 315).webp({ quality: 75 }).toFile(join(COVER_DIR, `${slug}-600.webp`))
  await sharp(base)
    .composite([{ input: svg(shareOverlay(title, 'Blog')) }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(join(COVER_DIR, `${slug}.jpg`))
  return photo ? 'foto' : 'genereret'
}

export async function writeDefaultShareImage() {
  mkdirSync(join(PUBLIC_DIR, 'og'), { recursive: true })
  await sharp(svg(art('forside', 'stress') + shareOverlay('Balance i krop og sjæl', 'Certificeret coach i Fredericia')))
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(PUBLIC_DIR, 'og', 'default.png'))
}


/** An article's cover is complete when all three files exist. */
export function hasCover(slug: string) {
  return [`${slug}.webp`, `${slug}-600.webp`, `${slug}.jpg`].every((name) => existsSync(join(COVER_DIR, name)))
}
