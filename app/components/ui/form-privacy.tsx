/**
 * What the contact form and the booking form say about privacy, in the same words: neither asks for
 * health details (the policy's basis for them is that nobody asked), and neither pretends that
 * sending the form is consent to the policy – the policy informs, it is not agreed to.
 */
export const NO_HEALTH_DETAILS = 'men ingen helbredsoplysninger; dem tager vi i samtalen'

export function PrivacyNotice() {
  return (
    <p className="mt-6 text-sm text-ink-soft">
      Læs i min{' '}
      <a href="/privatlivspolitik" className="font-medium text-accent-700 underline underline-offset-2">
        privatlivspolitik
      </a>
      , hvordan jeg behandler dine oplysninger.
    </p>
  )
}
