/**
 * Under the booking pages: the booked time may be days away, and the booking is not where to wait
 * for help. The sentence comes rendered with the page's data (app/server/pages/booking-texts.server.tsx).
 */
export function UntilTheConversation({ html }: { html: string }) {
  return <p className="mt-10 rounded-2xl border border-sand-300 bg-sand-50 p-5 text-ink-soft" dangerouslySetInnerHTML={{ __html: html }} />
}
