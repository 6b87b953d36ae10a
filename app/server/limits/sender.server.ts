import { createHash, randomBytes } from 'node:crypto'

// Without IP_HASH_SALT the salt is random per process: hashes can then never be traced back to an
// address (the IPv4 space is small enough to try every address against a known salt), at the price
// of the rate limit forgetting senders on a restart. Several instances must share IP_HASH_SALT.
const ipHashSalt = process.env.IP_HASH_SALT ?? randomBytes(32).toString('base64')

/** A salted hash: the rate limit can recognise a sender without anyone being able to read the IP. */
export function hashIp(ip: string) {
  return createHash('sha256').update(`${ipHashSalt}:${senderNetwork(ip)}`).digest('hex').slice(0, 32)
}

/**
 * IPv6 users usually hold a whole /64 and can change address within it at will, so the rate limit
 * counts the /64; an IPv4 address (also one written IPv4-mapped) counts on its own.
 */
export function senderNetwork(ip: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (!ip.includes(':')) return ip
  // split always gives the part before '::'; the part after it exists only when the address has '::'.
  const [head, tail] = ip.split('::') as [string, string?]
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  // The zeros '::' stands for fill the gap; an address without it has all its groups (no gap).
  const groups = [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`
}

/** A salted hash of an e-mail address (lower-cased by the caller): limits count addresses without storing them. */
export function hashAddress(address: string) {
  return createHash('sha256').update(`${ipHashSalt}:address:${address}`).digest('hex').slice(0, 32)
}

/**
 * An address as one person: lower-cased, and the local part cut at its first '+' (»a+2@x.dk« is
 * »a@x.dk«, as Gmail, Outlook, iCloud and Proton deliver it). Used for the one-upcoming-booking
 * rule and the per-recipient caps only; e-mails go to the address as it was typed.
 */
export function personKey(address: string) {
  const email = address.trim().toLowerCase()
  const at = email.lastIndexOf('@')
  if (at <= 0) return email
  const local = email.slice(0, at)
  const plus = local.indexOf('+')
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`
}

/** The per-recipient caps' key: the salted hash of the address as one person. */
export const recipientHash = (address: string) => hashAddress(personKey(address))
