export const navLinks = [
  { to: '/', label: 'Hjem' },
  { to: '/om', label: 'Om' },
  { to: '/ydelser', label: 'Ydelser' },
  { to: '/blog', label: 'Blog' },
  { to: '/referencer', label: 'Referencer' },
  { to: '/kontakt', label: 'Kontakt' },
] as const

/** A link is current when the path equals its path; the query does not count. */
export const exactPath = { exact: true, includeSearch: false }
