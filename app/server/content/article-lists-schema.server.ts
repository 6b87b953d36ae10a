import { z } from 'zod'
import type { ArticleClosingText, FirstPersonStory } from '~/lib/content/article-lists'
import { SLUG_PATTERN } from '~/lib/blog'
import { type Category, categories } from '~/lib/categories'
import { longText, text, yesNo } from '~/server/content/content-schemas.server'

/**
 * The schemas of her lists about articles. A list that names articles names each by its slug (the
 * last part of its address); `published`, when given, is the slugs of the articles on the site now:
 * the desk's save and check:launch give it, so a slug that names no article gets a Danish message.
 * The loader checks only the form, so taking an article off the site never makes a list »broken«:
 * the pages leave out an article that is not there.
 */
const articleSlug = (published?: ReadonlySet<string>) =>
  text('stress-er-ikke-svaghed', 100)
    .refine((slug) => SLUG_PATTERN.test(slug), 'er ikke den sidste del af en artikels adresse – skriv den med små bogstaver og bindestreger, fx stress-er-ikke-svaghed for /blog/stress-er-ikke-svaghed')
    .superRefine((slug, ctx) => {
      if (published && SLUG_PATTERN.test(slug) && !published.has(slug)) {
        ctx.addIssue({ code: 'custom', message: `nævner »${slug}«, som ikke er en artikel på siden – skriv den sidste del af artiklens adresse (fx stress-er-ikke-svaghed for /blog/stress-er-ikke-svaghed), eller slet linjen` })
      }
    })

const noRepeats = (slugs: readonly string[], ctx: z.RefinementCtx, path: (index: number) => PropertyKey[]) =>
  slugs.forEach((slug, index) => {
    if (slugs.indexOf(slug) !== index) ctx.addIssue({ code: 'custom', path: path(index), message: `står to gange (»${slug}«) – slet den ene` })
  })

/** gode-steder-at-begynde.yaml: the articles the search's no-hit page and the 404 page offer, in her order. */
export const startHereFileSchema = (published?: ReadonlySet<string>) =>
  z
    .strictObject({ artikler: z.array(articleSlug(published)).min(1).max(8) })
    .superRefine((file, ctx) => noRepeats(file.artikler, ctx, (index) => ['artikler', index]))
    .transform((file): string[] => file.artikler)

const closing = z.strictObject({ overskrift: text('Fylder presset for meget?', 120), tekst: longText('En gratis første samtale er et roligt sted at begynde …', 600) })

/** Each category's key in the file: Danish, as the desk's form shows it (»personlig udvikling → overskrift«). */
export const CLOSING_KEYS: Record<Category, string> = {
  teenage: 'teenagere',
  relationship: 'parforhold',
  stress: 'stress',
  life: 'livet',
  career: 'karriere',
  insights: 'coaching_indsigt',
  crisis: 'krise',
  'personal-development': 'personlig_udvikling',
  kosttilskud: 'kosttilskud',
  'special-offers': 'tilbud',
}

/** artikelafslutninger.yaml: one card for every category, under the category's Danish key. */
export const articleClosingsFileSchema = z
  .strictObject(Object.fromEntries(categories.map((category) => [CLOSING_KEYS[category], closing])) as Record<string, typeof closing>)
  .transform(
    (file): Record<Category, ArticleClosingText> =>
      Object.fromEntries(categories.map((category) => [category, { heading: file[CLOSING_KEYS[category]]!.overskrift, text: file[CLOSING_KEYS[category]]!.tekst }])) as Record<Category, ArticleClosingText>,
  )

/** egne-ord.yaml: the articles told in someone else's words, each confirmed by her or not yet. */
export const firstPersonStoriesFileSchema = (published?: ReadonlySet<string>) =>
  z
    .strictObject({ beretninger: z.array(z.strictObject({ artikel: articleSlug(published), bekraeftet: yesNo })).max(50) })
    .superRefine((file, ctx) =>
      noRepeats(
        file.beretninger.map((story) => story.artikel),
        ctx,
        (index) => ['beretninger', index, 'artikel'],
      ),
    )
    .transform((file): FirstPersonStory[] => file.beretninger.map((story) => ({ slug: story.artikel, confirmed: story.bekraeftet })))
