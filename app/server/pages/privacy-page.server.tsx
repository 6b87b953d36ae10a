import { renderToStaticMarkup } from 'react-dom/server'
import { getPrivacy, site } from '~/server/content/content.server'
import { PrivacyPolicy, WORDING_CHANGED } from '~/components/privacy-policy'
import { formatDanishDate } from '~/lib/dates'
import { privacyHead } from '~/server/pages/page-heads.server'

/**
 * The privacy policy as HTML, rendered here like an article's body: its text only renders, so it
 * travels in the page rather than in the JavaScript every visitor of the page downloads.
 */
export function renderPrivacyPage() {
  const privacy = getPrivacy()
  return {
    // ISO dates compare as text.
    updated: formatDanishDate(WORDING_CHANGED > privacy.updated ? WORDING_CHANGED : privacy.updated),
    html: renderToStaticMarkup(
      <>
        <PrivacyPolicy site={site} privacy={privacy} />
        <p>
          Har du spørgsmål til politikken, er du velkommen til at <a href="/kontakt">kontakte mig</a>.
        </p>
      </>,
    ),
    head: privacyHead(),
  }
}
