export const navLinks = [
  { to: '/', label: 'Hjem' },
  { to: '/om', label: 'Om' },
  { to: '/ydelser', label: 'Ydelser' },
  { to: '/blog', label: 'Blog' },
  { to: '/referencer', label: 'Referencer' },
  { to: '/kontakt', label: 'Kontakt' },
] as const
