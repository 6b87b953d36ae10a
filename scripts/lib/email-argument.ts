/** The person a privacy request is about: `-- --email navn@eksempel.dk`, or a Danish error. */
export function emailArgument(command: string): string {
  const index = process.argv.indexOf('--email')
  const email = index > 0 ? process.argv[index + 1]?.trim() : undefined
  if (!email || !email.includes('@')) {
    console.error(`Angiv personens e-mailadresse, fx: npm run ${command} -- --email navn@eksempel.dk`)
    process.exit(2)
  }
  return email
}
