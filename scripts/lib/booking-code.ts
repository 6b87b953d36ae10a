/** The booking a command is about: `-- <kode>` (the code in the coach's e-mail and in booking:list). */
export function bookingCodeArgument(command: string): string {
  const code = process.argv.slice(2).find((arg) => !arg.startsWith('--'))?.trim().toLowerCase()
  if (!code || !/^[a-z0-9]{8}$/.test(code)) {
    console.error(`Angiv bookingnummeret (8 tegn, det står i din e-mail og i npm run booking:list), fx: npm run ${command} -- k7m2q9xd`)
    process.exit(2)
  }
  return code
}
