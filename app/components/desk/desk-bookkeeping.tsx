import { Button } from '~/components/ui/button'
import { DeskForm, boxClass, fieldClass } from './desk-parts'

/** The monthly hand-over to her bookkeeping: a month, and the ZIP of its receipts and credit notes downloads. */
export function DeskBookkeeping({ formToken }: { formToken: string }) {
  return (
    <DeskForm formToken={formToken} action="regnskab" back="/coach" className={boxClass}>
      <h2 className="text-2xl">Til dit regnskab</h2>
      <p className="mt-2 text-ink-soft">Alle kvitteringer og kreditnotaer fra én måned som én ZIP-fil: en CSV-fil til dit regnskabsprogram og alle bilag som PDF. Vejledningen viser, hvordan du læser den ind.</p>
      <label htmlFor="regnskab-maaned" className="mt-4 block font-medium text-ink">
        Måned (år-måned, fx 2026-12)
      </label>
      <input id="regnskab-maaned" name="maaned" type="month" required pattern="\d{4}-\d{2}" placeholder="2026-12" className={`mt-1.5 ${fieldClass}`} />
      <Button type="submit" variant="outline" className="mt-4">
        Hent måneden
      </Button>
    </DeskForm>
  )
}
