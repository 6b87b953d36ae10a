/**
 * A search's words beyond this many characters are left out (and the address says so). Its own
 * module, so the header's search form does not bring the blog's address parser into every page.
 */
export const MAX_QUERY_LENGTH = 200
