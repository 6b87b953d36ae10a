/**
 * A few articles the not-found page offers as a way back in: the ones readers ask about most.
 * Change the list as you like; the title must be the article's own (a test checks both).
 */
export const popularArticles = [
  { slug: 'stress-er-ikke-svaghed', title: 'Stress er ikke svaghed' },
  { slug: 'er-du-bekymret-for-din-teenager', title: 'Er du bekymret for din teenager?' },
  { slug: 'parcoaching-eller-parterapi', title: 'Parcoaching eller parterapi?' },
  { slug: 'coaching-er-ikke-terapi', title: 'Coaching er ikke terapi' },
] as const
