/**
 * The one way the site states what the first conversation costs: on Ydelser, on Kontakt and on the
 * home page, word for word.
 * Its own module: the FAQ (in every page's shared code through /kontakt's structured data) needs
 * it, and importing it from services.ts would put every service's text there too.
 */
export const FREE_FIRST_CONVERSATION = 'Den første samtale er gratis og uforpligtende.'
