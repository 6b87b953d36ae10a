/** The person a privacy request is about: `-- --email navn@eksempel.dk` (or `--email=…`), or a Danish error. */
export function emailArgument(command: string): string {
  const args = process.argv.slice(2)
  const index = args.indexOf('--email')
  const joined = args.find((arg) => arg.startsWith('--email='))
  const email = (index >= 0 ? args[index + 1] : joined?.slice('--email='.length))?.trim()
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    console.error(`Angiv personens e-mailadresse, fx: npm run ${command} -- --email navn@eksempel.dk`)
    process.exit(2)
  }
  return email
}
