import { randomBytes } from 'node:crypto'
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { type FormValue, canonical, parseStripeForm } from './form-body'

/**
 * A small, stateful stand-in for Stripe's API that the real `stripe` SDK talks to (host, port and
 * protocol from STRIPE_API_URL): Checkout Sessions (create, retrieve, expire), refunds (create,
 * retrieve, list), Stripe's error shape `{error:{type,message,code}}`, Idempotency-Key (same key and
 * same parameters: the same answer; other parameters: an idempotency_error), an injected clock, and
 * a hosted page /pay/:id with »Betal« and »Annullér« that completes the session, sends the signed
 * `checkout.session.completed` to the site and returns to its success or cancel address.
 * `stripe-mock` keeps no state and is not on npm: hence this.
 */

export type FakeSession = {
  id: string
  object: 'checkout.session'
  amount_subtotal: number
  amount_total: number
  currency: string
  client_reference_id: string | null
  customer_email: string | null
  created: number
  expires_at: number
  livemode: boolean
  locale: string | null
  metadata: Record<string, string>
  mode: 'payment'
  payment_intent: string | null
  payment_method_types: string[]
  allowed_payment_method_types: string[] | null
  payment_status: 'unpaid' | 'paid'
  status: 'open' | 'complete' | 'expired'
  success_url: string
  cancel_url: string
  url: string | null
  /** What the site asked for, as the fake received it (tests read it). */
  received: Record<string, FormValue>
}

export type FakeRefund = { id: string; object: 'refund'; amount: number; currency: string; payment_intent: string; status: 'succeeded'; created: number; metadata: Record<string, string>; reason: string | null }

export type FakeStripe = {
  url: string
  sessions: Map<string, FakeSession>
  refunds: FakeRefund[]
  /** Every API call, in order: method, path and Idempotency-Key. */
  calls: Array<{ method: string; path: string; idempotencyKey?: string }>
  /** 'up': answers; 'down': closes every API connection unanswered; 'error': answers 500. The hosted page always answers. */
  mode: 'up' | 'down' | 'error'
  /** The next n API calls fail as `mode` says, then the fake is up again. */
  failNext(count: number, how: 'down' | 'error'): void
  now: () => Date
  /** Where the signed events go (the site's webhook) and its secret; deliveries off = a lost webhook. */
  webhook: { url?: string; secret: string; deliver: boolean }
  /** Events sent (or held back while deliveries are off), for tests that repeat or reorder them. */
  events: Stripe.Event[]
  /** Completes a session as the »Betal« button does; the event is returned (and sent when deliveries are on). */
  pay(sessionId: string): Promise<Stripe.Event>
  /** Sends an event (again) to the webhook, signed; returns the site's status. */
  deliver(event: Stripe.Event, options?: { secret?: string; timestamp?: number; body?: string; /** Sent instead of the signed body: a body changed on the way. */ tampered?: (body: string) => string }): Promise<number>
  stop(): Promise<void>
}

const stripeFor = new Stripe('sk_test_fake_signer')
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message)
  }
}

const str = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined)

export async function startFakeStripe({ now = () => new Date(), siteWebhook, webhookSecret = 'whsec_fake', port = 0 }: { now?: () => Date; siteWebhook?: string; webhookSecret?: string; port?: number } = {}): Promise<FakeStripe> {
  const idempotent = new Map<string, { params: string; status: number; body: string }>()
  let failures: { count: number; how: 'down' | 'error' } = { count: 0, how: 'down' }
  const fake: FakeStripe = {
    url: '',
    sessions: new Map(),
    refunds: [],
    calls: [],
    mode: 'up',
    failNext: (count, how) => {
      failures = { count, how }
    },
    now,
    webhook: { url: siteWebhook, secret: webhookSecret, deliver: true },
    events: [],
    pay: async (sessionId) => {
      const session = fake.sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      if (session.status === 'open') Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi'), url: null })
      const event = newEvent('checkout.session.completed', session)
      if (fake.webhook.deliver) await fake.deliver(event).catch(() => 0)
      return event
    },
    deliver: async (event, options = {}) => {
      if (!fake.webhook.url) throw new Error('the fake has no webhook address')
      const payload = options.body ?? JSON.stringify(event, null, 2)
      const header = stripeFor.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? fake.webhook.secret, timestamp: options.timestamp ?? seconds(fake.now()) })
      const response = await fetch(fake.webhook.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: options.tampered ? options.tampered(payload) : payload })
      await response.arrayBuffer()
      return response.status
    },
    stop: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }

  function newEvent(type: string, object: FakeSession | FakeRefund): Stripe.Event {
    const { received: _received, ...shown } = object as FakeSession
    const event = { id: id('evt'), object: 'event', api_version: '2026-11-18.endive', created: seconds(fake.now()), data: { object: structuredClone(shown) }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type } as unknown as Stripe.Event
    fake.events.push(event)
    return event
  }

  function publicSession(session: FakeSession) {
    // A session past its time expires at Stripe by itself.
    if (session.status === 'open' && session.expires_at <= seconds(fake.now())) {
      Object.assign(session, { status: 'expired', url: null })
      newEvent('checkout.session.expired', session)
    }
    const { received: _received, ...shown } = session
    return shown
  }

  function createSession(params: Record<string, FormValue>, livemode: boolean) {
    const items = params.line_items
    if (!Array.isArray(items) || items.length === 0) throw new ApiError(400, 'invalid_request_error', 'Missing required param: line_items.', 'parameter_missing', 'line_items')
    const item = items[0] as Record<string, FormValue>
    const priceData = item.price_data as Record<string, FormValue> | undefined
    const unit = Number(str(priceData?.unit_amount))
    const quantity = Number(str(item.quantity) ?? '1')
    const currency = str(priceData?.currency)
    if (!priceData || !Number.isInteger(unit) || unit <= 0 || !currency) throw new ApiError(400, 'invalid_request_error', 'Invalid line_items[0][price_data].', 'parameter_invalid_integer', 'line_items[0][price_data][unit_amount]')
    if (!str(params.success_url)) throw new ApiError(400, 'invalid_request_error', 'Missing required param: success_url.', 'parameter_missing', 'success_url')
    const created = seconds(fake.now())
    const expiresAt = Number(str(params.expires_at) ?? created + 86_400)
    if (expiresAt < created + 1800 || expiresAt > created + 86_400) {
      throw new ApiError(400, 'invalid_request_error', 'The `expires_at` timestamp must be at least 30 minutes and less than 24 hours from Checkout Session creation.', 'parameter_invalid_integer', 'expires_at')
    }
    const sessionId = id('cs')
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: unit * quantity,
      amount_total: unit * quantity,
      currency,
      client_reference_id: str(params.client_reference_id) ?? null,
      customer_email: str(params.customer_email) ?? null,
      created,
      expires_at: expiresAt,
      livemode,
      locale: str(params.locale) ?? null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ((params.allowed_payment_method_types as string[]) ?? (params.payment_method_types as string[]) ?? ['card']).map(String),
      allowed_payment_method_types: params.allowed_payment_method_types ? (params.allowed_payment_method_types as string[]).map(String) : null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: str(params.success_url)!,
      cancel_url: str(params.cancel_url) ?? '',
      url: `${fake.url}/pay/${sessionId}`,
      received: params,
    }
    fake.sessions.set(sessionId, session)
    return session
  }

  function api(method: string, path: string, params: Record<string, FormValue>, livemode: boolean): unknown {
    let match: RegExpExecArray | null
    if (method === 'POST' && path === '/v1/checkout/sessions') return publicSession(createSession(params, livemode))
    if ((match = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path))) {
      const session = fake.sessions.get(match[1]!)
      if (!session) throw new ApiError(404, 'invalid_request_error', `No such checkout.session: '${match[1]}'`, 'resource_missing', 'session')
      if (method === 'GET' && !match[2]) return publicSession(session)
      if (method === 'POST' && match[2]) {
        publicSession(session)
        if (session.status !== 'open') throw new ApiError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`)
        Object.assign(session, { status: 'expired', url: null })
        newEvent('checkout.session.expired', session)
        return publicSession(session)
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = str(params.payment_intent)
      const paid = [...fake.sessions.values()].find((session) => session.payment_intent === intent && intent)
      if (!paid) throw new ApiError(404, 'invalid_request_error', `No such payment_intent: '${intent}'`, 'resource_missing', 'payment_intent')
      const already = fake.refunds.filter((refund) => refund.payment_intent === intent).reduce((sum, refund) => sum + refund.amount, 0)
      const amount = Number(str(params.amount) ?? paid.amount_total - already)
      if (!Number.isInteger(amount) || amount <= 0 || amount > paid.amount_total - already) {
        throw new ApiError(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.amount_total - already})`, 'amount_too_large', 'amount')
      }
      const refund: FakeRefund = { id: id('re'), object: 'refund', amount, currency: paid.currency, payment_intent: intent!, status: 'succeeded', created: seconds(fake.now()), metadata: (params.metadata as Record<string, string>) ?? {}, reason: str(params.reason) ?? null }
      fake.refunds.push(refund)
      return refund
    }
    if (method === 'GET' && (match = /^\/v1\/refunds\/(\w+)$/.exec(path))) {
      const refund = fake.refunds.find((candidate) => candidate.id === match![1])
      if (!refund) throw new ApiError(404, 'invalid_request_error', `No such refund: '${match[1]}'`, 'resource_missing', 'id')
      return refund
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = fake.refunds.filter((refund) => !str(params.payment_intent) || refund.payment_intent === str(params.payment_intent))
      return { object: 'list', data, has_more: false, url: '/v1/refunds' }
    }
    throw new ApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`)
  }

  function answerApi(request: IncomingMessage, response: ServerResponse, body: string) {
    const url = new URL(request.url!, 'http://fake')
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined
    fake.calls.push({ method: request.method!, path: url.pathname, idempotencyKey })
    const failing = failures.count > 0 ? failures.how : fake.mode === 'up' ? undefined : fake.mode
    if (failures.count > 0) failures.count--
    if (failing === 'down') return void request.socket.destroy()
    const json = (status: number, value: unknown) => response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') }).end(JSON.stringify(value))
    if (failing === 'error') return json(500, { error: { type: 'api_error', message: 'An unknown error occurred (the fake was told to fail).' } })
    const key = /^Bearer (sk_(test|live)_\w+)$/.exec(request.headers.authorization ?? '')
    if (!key) return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
    const params = request.method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(body)
    const scope = `${key[1]} ${request.method} ${url.pathname}`
    const remembered = idempotencyKey && request.method === 'POST' ? idempotent.get(idempotencyKey) : undefined
    if (remembered) {
      if (remembered.params !== `${scope} ${canonical(params)}`) {
        return json(400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } })
      }
      return response.writeHead(remembered.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' }).end(remembered.body)
    }
    let status = 200
    let answer: unknown
    try {
      answer = api(request.method!, url.pathname, params, key[2] === 'live')
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      status = error.status
      answer = { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } }
    }
    if (idempotencyKey && request.method === 'POST') idempotent.set(idempotencyKey, { params: `${scope} ${canonical(params)}`, status, body: JSON.stringify(answer) })
    json(status, answer)
  }

  async function answerPage(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url!, 'http://fake')
    const match = /^\/pay\/(\w+)(?:\/(betal|annuller))?$/.exec(url.pathname)
    const session = match ? fake.sessions.get(match[1]!) : undefined
    if (!session) return response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Ukendt betaling')
    publicSession(session)
    if (request.method === 'POST' && match![2] === 'annuller') return response.writeHead(303, { Location: session.cancel_url }).end()
    if (request.method === 'POST' && match![2] === 'betal') {
      if (session.status === 'expired') return response.writeHead(410, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Betalingen er udløbet')
      await fake.pay(session.id)
      return response.writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end()
    }
    const kroner = (session.amount_total / 100).toFixed(2).replace('.', ',')
    const page = `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Betaling (test)</title></head><body><main><h1>Betal ${kroner} kr.</h1><p>Stripe i test (falsk server). Status: ${session.status}.</p><form method="post" action="/pay/${session.id}/betal"><button>Betal</button></form><form method="post" action="/pay/${session.id}/annuller"><button>Annullér</button></form></main></body></html>`
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page)
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const path = request.url ?? '/'
      if (path.startsWith('/v1/')) return answerApi(request, response, body)
      void answerPage(request, response).catch((error) => response.writeHead(500).end(String(error)))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
