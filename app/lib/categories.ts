/** The blog's categories. "all" is the filter that shows every article. */
export const categoryLabels = {
  all: 'Alle artikler',
  teenage: 'Teenager coaching',
  relationship: 'Parforhold',
  stress: 'Stress coaching',
  life: 'Life coaching',
  career: 'Karriere coaching',
  insights: 'Coaching indsigt',
  crisis: 'Krisecoaching',
  'personal-development': 'Personlig udvikling',
  kosttilskud: 'Kosttilskud',
  'special-offers': 'Specielle tilbud',
} as const

export type CategoryFilter = keyof typeof categoryLabels
export type Category = Exclude<CategoryFilter, 'all'>

export const categoryFilters = Object.keys(categoryLabels) as CategoryFilter[]
export const categories = categoryFilters.filter((id): id is Category => id !== 'all')

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (categories as string[]).includes(value)
}

/** The blog index names the category it shows, in its heading and in its title. */
export const blogHeading = (category: CategoryFilter | undefined) => (category && category !== 'all' ? `Blog: ${categoryLabels[category]}` : 'Blog')
