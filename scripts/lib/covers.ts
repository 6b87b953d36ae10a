/**
 * The article covers: a calm, distinct 1200x630 image per article, composed as SVG from its
 * category and slug and rasterised with sharp. Written by `npm run images` (all) and by
 * `npm run db:seed` (the ones missing). Per article:
 *   public/images/blog/{slug}.webp and {slug}-600.webp  (pages; no text, the page shows the title)
 *   public/images/blog/{slug}.jpg                       (og:image, with the title for shared links)
 * A real photo in content/blog/images/{slug}.(jpg|jpeg|png|webp) (BLOG_DIR's images/) replaces the generated art.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { site } from '../../app/server/content/content.server.ts'
import { blogDir } from '../../db/sync-blog.ts'

/** Photos beside the articles (BLOG_DIR's images/), where the desk's upload puts them too. */
const photoDir = () => join(blogDir(), 'images')
/** PUBLIC_DIR lets a test write its covers elsewhere. */
export const PUBLIC_DIR = process.env.PUBLIC_DIR ?? 'public'
export const COVER_DIR = join(PUBLIC_DIR, 'images', 'blog')
const WIDTH = 1200
const HEIGHT = 630

/**
 * Each category has its own colours and its own motif, so a reader tells the kinds of article
 * apart at a glance in the grid: two background tones and an accent, warm neutrals around the
 * site's sage green, and a shape drawn from the slug so no two covers of a category are the same.
 */
type Palette = [light: string, mid: string, deep: string]
type Motif = (palette: Palette, next: () => number) => string

const palettes: Record<string, Palette> = {
  teenage: ['#f3dcc2', '#e0a56e', '#9a4f1c'],
  relationship: ['#f5dcd8', '#e09a8e', '#9b3a30'],
  stress: ['#d6ebe2', '#8fc2ab', '#2f5646'],
  life: ['#f6e7bf', '#e8bd55', '#8a5d00'],
  career: ['#d9e3ef', '#93aecb', '#2d4866'],
  insights: ['#e7e0f2', '#ad9bd0', '#4c3878'],
  crisis: ['#e4e1dc', '#9e978b', '#3f3a33'],
  'personal-development': ['#dcecd7', '#9ccb90', '#356b2c'],
  kosttilskud: ['#d5ecee', '#7fc3c8', '#17595e'],
  'special-offers': ['#f7dfca', '#eca66a', '#93450d'],
}

const f = (value: number) => value.toFixed(0)

const motifs: Record<string, Motif> = {
  // Young people finding their feet: steps rising to the right.
  teenage: ([, mid, deep], next) =>
    Array.from({ length: 5 }, (_, index) => {
      const width = 150 + next() * 40
      const height = 110 + index * 95
      return `<rect x="${f(320 + index * 170)}" y="${f(HEIGHT - height)}" width="${f(width)}" height="${f(height)}" rx="24" fill="${index % 2 ? deep : mid}" opacity="${(0.35 + index * 0.08).toFixed(2)}"/>`
    }).join(''),
  // Two people: two overlapping circles.
  relationship: ([, mid, deep], next) => {
    const cy = HEIGHT * (0.45 + next() * 0.1)
    const r = 190 + next() * 40
    const cx = WIDTH * (0.45 + next() * 0.1)
    return `<circle cx="${f(cx - r * 0.55)}" cy="${f(cy)}" r="${f(r)}" fill="${mid}" opacity="0.55"/><circle cx="${f(cx + r * 0.55)}" cy="${f(cy)}" r="${f(r)}" fill="${deep}" opacity="0.4"/>`
  },
  // Calm returning: ripples spreading from one point.
  stress: ([, mid, deep], next) => {
    const cx = WIDTH * (0.25 + next() * 0.5)
    const cy = HEIGHT * (0.35 + next() * 0.3)
    return Array.from({ length: 7 }, (_, index) => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(50 + index * 70)}" fill="none" stroke="${index % 2 ? mid : deep}" stroke-width="${f(14 - index)}" opacity="${(0.7 - index * 0.08).toFixed(2)}"/>`).join('')
  },
  // A life in the sun: a low sun with rays.
  life: ([, mid, deep], next) => {
    const cx = WIDTH * (0.3 + next() * 0.4)
    const cy = HEIGHT * (0.66 + next() * 0.2)
    const sun = 110 + next() * 90
    const count = 7 + Math.floor(next() * 7)
    const rays = Array.from({ length: count }, (_, index) => {
      const angle = Math.PI + (index / (count - 1)) * Math.PI
      return `<line x1="${f(cx + Math.cos(angle) * (sun + 40))}" y1="${f(cy + Math.sin(angle) * (sun + 40))}" x2="${f(cx + Math.cos(angle) * 520)}" y2="${f(cy + Math.sin(angle) * 520)}" stroke="${mid}" stroke-width="18" stroke-linecap="round" opacity="0.6"/>`
    })
    return `${rays.join('')}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(sun)}" fill="${deep}" opacity="0.75"/><rect y="${f(cy)}" width="${WIDTH}" height="${f(HEIGHT - cy)}" fill="${deep}" opacity="0.85"/>`
  },
  // Work: a rising line over a grid.
  career: ([, mid, deep], next) => {
    const grid = Array.from({ length: 7 }, (_, index) => `<line x1="0" y1="${f(60 + index * 90)}" x2="${WIDTH}" y2="${f(60 + index * 90)}" stroke="${mid}" stroke-width="3" opacity="0.6"/>`)
    let y = HEIGHT * 0.8
    const points = Array.from({ length: 7 }, (_, index) => {
      y -= 20 + next() * 60
      return `${f(80 + index * 175)},${f(y)}`
    })
    return `${grid.join('')}<polyline points="${points.join(' ')}" fill="none" stroke="${deep}" stroke-width="22" stroke-linejoin="round" stroke-linecap="round" opacity="0.8"/>`
  },
  // Insight: a field of dots, a few of them lit.
  insights: ([, mid, deep], next) =>
    Array.from({ length: 8 * 15 }, (_, index) => {
      const lit = next() < 0.12
      return `<circle cx="${f(60 + (index % 15) * 77)}" cy="${f(50 + Math.floor(index / 15) * 76)}" r="${lit ? 20 : 9}" fill="${lit ? deep : mid}" opacity="${lit ? 0.85 : 0.55}"/>`
    }).join(''),
  // Through a crisis: diagonal bands, one clear path through them.
  crisis: ([light, mid, deep], next) => {
    const bands = Array.from({ length: 9 }, (_, index) => `<rect x="${f(-400 + index * 190)}" y="-200" width="90" height="1100" fill="${index % 2 ? mid : deep}" opacity="0.45" transform="rotate(-28 600 315)"/>`)
    const y = HEIGHT * (0.45 + next() * 0.15)
    return `${bands.join('')}<path d="M0 ${f(y)} C 400 ${f(y - 120)}, 800 ${f(y + 120)}, ${WIDTH} ${f(y - 40)}" fill="none" stroke="${light}" stroke-width="34" stroke-linecap="round"/>`
  },
  // Growth: a stem with leaves.
  'personal-development': ([, mid, deep], next) => {
    const x = WIDTH * (0.35 + next() * 0.3)
    const leaves = Array.from({ length: 5 }, (_, index) => {
      const y = HEIGHT - 110 - index * 95
      const side = index % 2 ? -1 : 1
      return `<ellipse cx="${f(x + side * 90)}" cy="${f(y)}" rx="95" ry="38" fill="${index % 2 ? mid : deep}" opacity="0.7" transform="rotate(${side * -25} ${f(x + side * 90)} ${f(y)})"/>`
    })
    return `<rect x="${f(x - 8)}" y="40" width="16" height="${HEIGHT}" rx="8" fill="${deep}" opacity="0.8"/>${leaves.join('')}`
  },
  // Supplements: capsules and drops.
  kosttilskud: ([, mid, deep], next) =>
    Array.from({ length: 9 }, (_, index) => {
      const cx = 100 + (index % 3) * 380 + next() * 120
      const cy = 110 + Math.floor(index / 3) * 200 + next() * 40
      const angle = f(-40 + next() * 80)
      return `<g transform="rotate(${angle} ${f(cx)} ${f(cy)})" opacity="0.75"><rect x="${f(cx - 90)}" y="${f(cy - 32)}" width="90" height="64" rx="32" fill="${deep}"/><rect x="${f(cx - 20)}" y="${f(cy - 32)}" width="110" height="64" rx="32" fill="${mid}"/></g>`
    }).join(''),
  // An offer: a ribbon across a corner and confetti.
  'special-offers': ([light, mid, deep], next) => {
    const confetti = Array.from({ length: 40 }, () => {
      const [x, y] = [next() * WIDTH, next() * HEIGHT]
      return `<rect x="${f(x)}" y="${f(y)}" width="34" height="16" rx="5" fill="${next() < 0.5 ? mid : deep}" opacity="0.75" transform="rotate(${f(next() * 180)} ${f(x + 17)} ${f(y + 8)})"/>`
    })
    return `${confetti.join('')}<rect x="650" y="-60" width="220" height="900" fill="${deep}" opacity="0.8" transform="rotate(40 760 315)"/><rect x="720" y="-60" width="40" height="900" fill="${light}" opacity="0.7" transform="rotate(40 760 315)"/>`
  },
}

/** A small deterministic generator, so a cover only changes when its slug or category does. */
function random(seed: string) {
  let state = [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261) >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** Where the background's light runs from: a corner or a side, chosen by the slug. */
const gradientDirections = [
  [0, 0, 1, 1],
  [1, 0, 0, 1],
  [0, 1, 1, 0],
  [0, 0, 0, 1],
  [0, 0, 1, 0],
  [1, 1, 0, 0],
] as const

/**
 * The motif tells the category; `variant` (the article's place in its category, drawn-images.ts)
 * sets the composition: the light's direction, the motif mirrored or not, its size and where it
 * stands; the slug varies the motif itself. Two articles of one category, side by side in the grid,
 * then look related but never alike (they were near copies, down to 0.1 of 255 apart per pixel).
 * Each place changes the direction and the mirroring; the size steps every six, so 18 places differ.
 */
export function art(slug: string, category: string, variant = 0) {
  const palette = palettes[category] ?? palettes.insights!
  const motif = motifs[category] ?? motifs.insights!
  const [light, mid] = palette
  const [x1, y1, x2, y2] = gradientDirections[variant % gradientDirections.length]!
  const step = Math.floor(variant / gradientDirections.length) % 3
  const mirror = (variant + step) % 2 === 1
  // Enlarged from the bottom edge and moved sideways no further than the enlargement allows, so a
  // motif that stands on the ground (steps, a horizon) still reaches both edges and the bottom.
  const scale = 1 + [0.12, 0.4, 0.25][step]!
  const dx = [-1, 1, 0][(step + variant) % 3]! * ((scale - 1) * WIDTH) / 2
  const placed = `translate(${f(WIDTH / 2 + dx)} ${HEIGHT}) scale(${mirror ? '-' : ''}${scale.toFixed(2)} ${scale.toFixed(2)}) translate(${-WIDTH / 2} ${-HEIGHT})`
  return `<defs><linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/><g transform="${placed}">${motif(palette, random(slug))}</g>`
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
    const path = join(photoDir(), `${slug}.${ext}`)
    if (existsSync(path)) return path
  }
  return undefined
}

export async function writeCover(slug: string, title: string, category: string, variant = 0) {
  mkdirSync(COVER_DIR, { recursive: true })
  const photo = photoFor(slug)
  const base = photo
    ? await sharp(photo).resize(WIDTH, HEIGHT, { fit: 'cover', position: 'attention' }).png().toBuffer()
    : await sharp(svg(art(slug, category, variant))).png().toBuffer()
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
