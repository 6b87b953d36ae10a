import { createServerFn } from '@tanstack/react-start'
import { formDataOnly } from '~/lib/contact-action'
import type { DeskPage, DeskPageRequest } from '~/lib/desk/desk-data'

/**
 * The coach's desk: one function that reads a page (the loaders) and four that its plain HTML
 * forms post to. Imported only by the routes under /coach, so none of it is on a public page.
 */

const deskPages: ReadonlyArray<DeskPageRequest['page']> = ['oversigt', 'booking', 'besked', 'person', 'link', 'lukket', 'ukendt', 'indhold', 'artikler']

/** The loaders' input: a known page and a key of at most 254 characters (a search, a code, an address). */
export function deskPageRequest(value: unknown): DeskPageRequest {
  const { page, key, draft, whole } = (value ?? {}) as Partial<DeskPageRequest>
  return {
    page: deskPages.includes(page!) ? page! : 'oversigt',
    key: typeof key === 'string' && key.length <= 254 ? key : '',
    ...(typeof draft === 'string' && draft.length <= 20 ? { draft } : {}),
    ...(whole === true ? { whole } : {}),
  }
}

export const fetchDeskPage = createServerFn({ method: 'GET' })
  .validator(deskPageRequest)
  .handler(async ({ data }): Promise<DeskPage> => {
    const { deskPage } = await import('~/server/desk/desk-page.server')
    return deskPage(data)
  })

export const requestDeskLink = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => {
    const { handleLinkRequest } = await import('~/server/desk/desk-actions.server')
    return handleLinkRequest(data)
  })

export const signInToDesk = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => {
    const { handleSignIn } = await import('~/server/desk/desk-actions.server')
    return handleSignIn(data)
  })

export const actOnDesk = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => {
    const { handleDeskAction } = await import('~/server/desk/desk-actions.server')
    return handleDeskAction(data)
  })

/** The cover photo's form: the same desk action, at an address whose body may be a phone's photo (server-functions.server.ts). */
export const uploadToDesk = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => {
    const { handleDeskAction } = await import('~/server/desk/desk-actions.server')
    return handleDeskAction(data)
  })
