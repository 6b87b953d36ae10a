/**
 * The one way the site states what the first conversation costs and how long it lasts: on Ydelser,
 * on Kontakt, in the FAQ, on the home page and on the booking page, word for word. Its length is
 * `varighed` in content/booking.yaml (a test holds the two together).
 * Its own module: the FAQ (in every page's shared code through /kontakt's structured data) needs
 * it, and importing it from services.ts would put every service's text there too.
 */
export const FREE_FIRST_CONVERSATION = 'Den første samtale er gratis og uforpligtende og varer en halv time.'
