import { createServerFn } from '@tanstack/react-start'

/**
 * The portrait's current files and her own story (content/om.md): read while the server runs, so a
 * new portrait or a changed text needs no rebuild.
 */
export const fetchAboutPage = createServerFn({ method: 'GET' }).handler(async () => {
  const [{ portraitForPage }, { getAbout }, { aboutHead }] = await Promise.all([import('~/server/images.server'), import('~/server/content/content.server'), import('~/server/pages/page-heads.server')])
  const { heroTitle, heroIntro, story, pillars, experience, quotes } = getAbout()
  return { portrait: portraitForPage(), about: { heroTitle, heroIntro, story, pillars, experience, quotes }, head: aboutHead() }
})
