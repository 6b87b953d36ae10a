/** Its own module, with no imports: the content loader needs the folder too, and must not pull in the seed. */
export const DEFAULT_CONTENT_DIR = 'content/blog'

/** The article folder the blog is seeded from: content/blog, or BLOG_DIR (the end-to-end tests point it at a fixture blog). */
export const blogDir = () => process.env.BLOG_DIR || DEFAULT_CONTENT_DIR
