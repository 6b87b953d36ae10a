import { bookingStatusText } from '~/lib/booking/booking-form'
import { describe, expect, it, vi } from 'vitest'
import { formPostsFromThisSite } from '~/lib/posts-from-this-site'
import { refusedPostStatus } from '~/lib/contact-post'
import { fetchBlogIndex, fetchBlogSearch, fetchArticle } from '~/lib/blog-queries'
import { fetchBookingWeek, fetchChosenSlot, fetchManagedBooking } from '~/lib/booking/booking-actions'
import { fetchDeskPage } from '~/lib/desk/desk-functions'
import { fetchNewsletterPage } from '~/lib/newsletter-page'
import { ServerHead, ServerHtml, withServerHead } from '~/lib/server-html'
import { answerPlainContactPost } from '~/server/contact/contact-page.server'
import { answerLinkPost, answerSignUpPost } from '~/server/newsletter/newsletter-page.server'
import { Route as ArticleRoute } from '~/routes/blog/$slug'
import { Route as BlogRoute } from '~/routes/blog/index'
import { Route as ChosenSlotRoute } from '~/routes/book-samtale/$tidspunkt'
import { Route as WeekRoute } from '~/routes/book-samtale/index'
import { Route as ManageRoute } from '~/routes/booking/$token'
import { Route as DeskSubpageRoute } from '~/routes/coach/$'
import { Route as DeskOverviewRoute } from '~/routes/coach/index'
import { Route as ContactRoute } from '~/routes/kontakt'
import { Route as NewsletterLinkRoute } from '~/routes/nyhedsbrev/$handling.$token'
import { Route as NewsletterRoute } from '~/routes/nyhedsbrev/index'

// The routes' own logic, with the server functions and server code they call replaced: in Vitest a
// server function gives back nothing but a Response (there is no Start compiler), and what the
// server code does is tested where it lives. Here: what each route asks for, and what it makes of
// the answer.
const serverFunction = vi.hoisted(() => () => vi.fn<(input: { data?: unknown }) => Promise<any>>())
vi.mock('~/lib/blog-queries', async (original) => ({ ...(await original<object>()), fetchBlogIndex: serverFunction(), fetchBlogSearch: serverFunction(), fetchArticle: serverFunction() }))
vi.mock('~/lib/booking/booking-actions', async (original) => ({ ...(await original<object>()), fetchBookingWeek: serverFunction(), fetchChosenSlot: serverFunction(), fetchManagedBooking: serverFunction(), bookTime: { url: '/_serverFn/booking' }, changeBooking: { url: '/_serverFn/booking-change' } }))
vi.mock('~/lib/desk/desk-functions', async (original) => ({ ...(await original<object>()), fetchDeskPage: serverFunction() }))
vi.mock('~/lib/newsletter-page', () => ({ fetchNewsletterPage: serverFunction() }))
vi.mock('~/server/contact/contact-page.server', () => ({ answerPlainContactPost: vi.fn() }))
vi.mock('~/server/newsletter/newsletter-page.server', () => ({ answerSignUpPost: vi.fn(), answerLinkPost: vi.fn() }))

type Loader = (context: object) => Promise<unknown> | unknown
const loaderOf = (route: { options: unknown }) => (route.options as { loader: Loader }).loader
const notFound = expect.objectContaining({ isNotFound: true })
/** A page's head as the server sends it with the page's data (page-heads.server.ts). */
const head = { meta: [{ title: 'Siden' }], links: [] }

/** A route's server handlers, as Start builds them: `createHandlers` hands the definitions back. */
const handlersOf = (route: { options: unknown }) => {
  const handlers = (route.options as { server: { handlers: unknown } }).server.handlers
  return (typeof handlers === 'function' ? handlers({ createHandlers: (definitions: unknown) => definitions }) : handlers) as Record<string, any>
}

describe('/blog’s loader', () => {
  const index = (page: number) => ({ category: 'all', page, pageCount: 3, counts: {}, posts: [], newPosts: [], newCount: 0, head }) as never

  it('loads the category’s page, or with words a search, and tells which it is', async () => {
    vi.mocked(fetchBlogIndex).mockResolvedValue(index(2))
    expect(await loaderOf(BlogRoute)({ deps: { q: undefined, category: 'stress', page: 2 } })).toEqual({ kind: 'index', index: withServerHead(index(2)) })
    expect(fetchBlogIndex).toHaveBeenLastCalledWith({ data: { category: 'stress', page: 2 } })
    const search = { query: 'ro', page: 1, pageCount: 1, total: 0, hits: [], head }
    vi.mocked(fetchBlogSearch).mockResolvedValue(search)
    expect(await loaderOf(BlogRoute)({ deps: { q: 'ro', category: 'all', page: 1 } })).toEqual({ kind: 'search', search: withServerHead(search) })
    expect(fetchBlogSearch).toHaveBeenLastCalledWith({ data: { q: 'ro', page: 1 } })
  })

  it('has no page beyond the last: the queries answer with the last page, and the route says not found', async () => {
    vi.mocked(fetchBlogIndex).mockResolvedValue(index(3))
    await expect(loaderOf(BlogRoute)({ deps: { q: undefined, category: 'all', page: 4 } })).rejects.toEqual(notFound)
    vi.mocked(fetchBlogSearch).mockResolvedValue({ query: 'ro', page: 1, pageCount: 1, total: 0, hits: [], head })
    await expect(loaderOf(BlogRoute)({ deps: { q: 'ro', category: 'all', page: 2 } })).rejects.toEqual(notFound)
    // The index's page number is not the search's: a search's page 3 beyond the index's page 3 is still checked.
    vi.mocked(fetchBlogSearch).mockResolvedValue({ query: 'ro', page: 2, pageCount: 2, total: 0, hits: [], head })
    await expect(loaderOf(BlogRoute)({ deps: { q: 'ro', category: 'all', page: 3 } })).rejects.toEqual(notFound)
  })

  it('an article is loaded by the slug of its address', async () => {
    vi.mocked(fetchArticle).mockResolvedValue({ slug: 'ro', bodyHtml: '<p>Ro.</p>', relatedHtml: '', head } as never)
    const page = await loaderOf(ArticleRoute)({ params: { slug: 'ro' } })
    expect(page).toEqual({ slug: 'ro', text: new ServerHtml('artikel-tekst', '<p>Ro.</p>'), related: null, head: new ServerHead(head.meta, head.links) })
    expect((page as { head: unknown }).head).toBeInstanceOf(ServerHead)
    expect(fetchArticle).toHaveBeenLastCalledWith({ data: 'ro' })
  })
})

describe('the booking routes’ loaders', () => {
  it('the week page loads the week of its address, or the first with times', async () => {
    vi.mocked(fetchBookingWeek).mockResolvedValue({ week: { open: false }, untilTheConversationHtml: 'Ring 112', head, portrait: undefined, statusTexts: bookingStatusText })
    await loaderOf(WeekRoute)({ deps: { uge: '2026-W17' } })
    expect(fetchBookingWeek).toHaveBeenLastCalledWith({ data: '2026-W17' })
    await loaderOf(WeekRoute)({ deps: {} })
    expect(fetchBookingWeek).toHaveBeenLastCalledWith({ data: '' })
    const deps = (WeekRoute.options as unknown as { loaderDeps: (context: object) => object }).loaderDeps
    expect(deps({ search: { uge: '2026-W17', status: 'taget' } })).toEqual({ uge: '2026-W17' })
  })

  it('the chosen time is loaded by its key, with the address its form posts to and the sentence about acute help', async () => {
    vi.mocked(fetchChosenSlot).mockResolvedValue({ slot: { state: 'lukket' }, untilTheConversationHtml: 'Ring 112', head, statusTexts: bookingStatusText })
    expect(await loaderOf(ChosenSlotRoute)({ params: { tidspunkt: '2026-04-20T10:00' } })).toEqual({ slot: { state: 'lukket' }, untilTheConversationHtml: 'Ring 112', head, statusTexts: bookingStatusText, bookingAction: '/_serverFn/booking' })
    expect(fetchChosenSlot).toHaveBeenLastCalledWith({ data: '2026-04-20T10:00' })
  })

  it('a manage link loads its booking with the address its forms post to, and one that names none is not found', async () => {
    vi.mocked(fetchManagedBooking).mockResolvedValue({ booking: { code: 'k7m2q9xd' }, head } as never)
    expect(await loaderOf(ManageRoute)({ params: { token: 'tok' } })).toEqual({ booking: { code: 'k7m2q9xd' }, head, changeAction: '/_serverFn/booking-change' })
    expect(fetchManagedBooking).toHaveBeenLastCalledWith({ data: 'tok' })
    vi.mocked(fetchManagedBooking).mockResolvedValue(null)
    await expect(loaderOf(ManageRoute)({ params: { token: 'tok' } })).rejects.toEqual(notFound)
  })
})

describe('the newsletter routes’ loaders', () => {
  it('load the pages’ head; a link of a kind the site does not send is not found', async () => {
    vi.mocked(fetchNewsletterPage).mockResolvedValue({ head })
    expect(await loaderOf(NewsletterRoute)({})).toEqual({ head })
    expect(await loaderOf(NewsletterLinkRoute)({ params: { handling: 'afmeld', token: 'tok' } })).toEqual({ head })
    vi.mocked(fetchNewsletterPage).mockClear()
    await expect(Promise.resolve().then(() => loaderOf(NewsletterLinkRoute)({ params: { handling: 'slet', token: 'tok' } }))).rejects.toEqual(notFound)
    expect(fetchNewsletterPage).not.toHaveBeenCalled()
  })
})

describe('the desk routes’ loaders', () => {
  it('/coach loads the overview with the search of its address', async () => {
    await loaderOf(DeskOverviewRoute)({ location: { search: { q: 'anne' } } })
    expect(fetchDeskPage).toHaveBeenLastCalledWith({ data: { page: 'oversigt', key: 'anne' } })
  })

  it('/coach/… loads the page its path names', async () => {
    await loaderOf(DeskSubpageRoute)({ params: { _splat: 'booking/k7m2q9xd' }, location: { search: {} } })
    expect(fetchDeskPage).toHaveBeenLastCalledWith({ data: { page: 'booking', key: 'k7m2q9xd' } })
    await loaderOf(DeskSubpageRoute)({ params: {}, location: { search: {} } })
    expect(fetchDeskPage).toHaveBeenLastCalledWith({ data: { page: 'ukendt', key: '' } })
  })
})

describe('the routes that take a form post', () => {
  const post = (path: string) => new Request(`https://coach.example${path}`, { method: 'POST' })

  it('/kontakt checks that the post comes from this site and refuses what it cannot read, before answering', () => {
    expect(handlersOf(ContactRoute).POST.middleware).toEqual([formPostsFromThisSite, refusedPostStatus])
    expect(handlersOf(NewsletterRoute).POST.middleware).toEqual([formPostsFromThisSite])
  })

  it('/kontakt answers a received post with a redirect to its outcome, never cached', async () => {
    vi.mocked(answerPlainContactPost).mockResolvedValue({ redirect: '/kontakt?status=sendt' })
    const next = vi.fn()
    const request = post('/kontakt')
    const response: Response = await handlersOf(ContactRoute).POST.handler({ request, next })
    expect(answerPlainContactPost).toHaveBeenLastCalledWith(request)
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/kontakt?status=sendt')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(next).not.toHaveBeenCalled()
  })

  it('/kontakt renders a refused post’s page with what was typed', async () => {
    const draft = { result: { status: 'ugyldig' }, values: { firstName: 'Anne' } }
    vi.mocked(answerPlainContactPost).mockResolvedValue({ draft } as never)
    const next = vi.fn().mockResolvedValue('siden')
    expect(await handlersOf(ContactRoute).POST.handler({ request: post('/kontakt'), next })).toBe('siden')
    expect(next).toHaveBeenCalledWith({ context: { contactDraft: draft } })
  })

  it('/nyhedsbrev and its links pass the post on to the newsletter’s server code', async () => {
    const answer = new Response(null, { status: 303 })
    vi.mocked(answerSignUpPost).mockResolvedValue(answer)
    const request = post('/nyhedsbrev')
    expect(await handlersOf(NewsletterRoute).POST.handler({ request })).toBe(answer)
    expect(answerSignUpPost).toHaveBeenLastCalledWith(request)
    vi.mocked(answerLinkPost).mockResolvedValue(answer)
    const linkRequest = post('/nyhedsbrev/afmeld/tok')
    expect(await handlersOf(NewsletterLinkRoute).POST({ request: linkRequest, params: { handling: 'afmeld', token: 'tok' } })).toBe(answer)
    expect(answerLinkPost).toHaveBeenLastCalledWith(linkRequest, 'afmeld', 'tok')
  })
})
