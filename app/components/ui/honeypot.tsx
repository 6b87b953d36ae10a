/** The hidden field that people never fill in and simple spam robots do; the server checks it by this name. */
export const HONEYPOT_FIELD = 'website'

/**
 * The spam trap of every form: hidden from people and assistive technology, so only robots that
 * fill in every field reveal themselves. The server checks the same field name.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Lad dette felt være tomt
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
