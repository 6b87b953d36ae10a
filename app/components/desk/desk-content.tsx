import { Button } from '~/components/ui/button'
import type { DeskContentOverview, DeskContentPage } from '~/lib/desk/desk-data'
import { DeskForm, boxClass, fieldClass, linkClass } from './desk-parts'

/** Her files on the desk: what each holds, and whether the site shows the last good version of one with a mistake. */
export function DeskContentList({ content }: { content: DeskContentOverview }) {
  return (
    <>
      <p>Her retter du de oplysninger og tekster, siden viser. Det, du gemmer, gælder på siden med det samme – der skal ikke genstartes eller bygges noget.</p>
      <ul className="space-y-3">
        {content.files.map((file) => (
          <li key={file.id} className={boxClass}>
            <a href={`/coach/indhold/${file.id}`} className={`${linkClass} text-lg`}>
              {file.title}
            </a>
            <p className="text-sm text-ink-soft">{file.file}</p>
            {file.problems > 0 && (
              <p className="mt-2 font-medium text-danger-700">
                Filen har {file.problems === 1 ? 'en fejl' : `${file.problems} fejl`}
                {file.lastGood ? ' – siden viser den sidste gyldige udgave, indtil den er rettet.' : '.'}
              </p>
            )}
          </li>
        ))}
      </ul>
      {!content.history && (
        <p role="note" className="rounded-2xl border border-sand-300 bg-sand-50 p-4">
          Dine ændringer gemmes i filerne, men mappen er ikke i git, så der er ingen historik at gå tilbage i.
        </p>
      )}
    </>
  )
}

/** One file's form: a field per value, or the whole text; a refused save shows why, and after a conflict both versions. */
export function DeskContentForm({ page, formToken }: { page: DeskContentPage; formToken: string }) {
  const back = `/coach/indhold/${page.id}`
  return (
    <>
      <p>
        <a href="/coach/indhold" className={linkClass}>
          Tilbage til dine tekster
        </a>
      </p>
      {page.fileErrors.length > 0 && (
        <div className="rounded-2xl border border-danger-700/30 bg-danger-50 p-4 text-danger-700">
          <h2 className="text-xl">Filen har fejl</h2>
          {page.lastGood && <p className="mt-1">Siden viser den sidste gyldige udgave, indtil fejlene er rettet.</p>}
          <ul className="mt-2 list-disc pl-5">
            {page.fileErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      {page.refused && page.refused.errors.length > 0 && (
        <div className="rounded-2xl border border-danger-700/30 bg-danger-50 p-4 text-danger-700">
          <h2 className="text-xl">Det skal rettes, før det kan gemmes</h2>
          <ul className="mt-2 list-disc pl-5">
            {page.refused.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      <DeskForm formToken={formToken} action="gem-indhold" back={back} className={`${boxClass} space-y-5`}>
        <input type="hidden" name="fil" value={page.id} />
        <input type="hidden" name="version" value={page.version} />
        {page.whole ? (
          <div>
            <label htmlFor="hele" className="block font-medium text-ink">
              {page.refused?.current !== undefined ? 'Din udgave' : `Hele filen (${page.file})`}
            </label>
            <textarea id="hele" name="hele" rows={24} defaultValue={page.text} spellCheck className={`mt-1.5 ${fieldClass} font-mono text-sm`} />
          </div>
        ) : (
          page.fields.map((field) => (
            <div key={field.name}>
              <label htmlFor={field.name} className="block font-medium text-ink first-letter:uppercase">
                {field.label}
              </label>
              {field.kind === 'list' && <p className="text-sm text-ink-soft">Et punkt pr. linje.</p>}
              {field.long ? (
                <textarea id={field.name} name={field.name} rows={field.kind === 'list' ? Math.max(3, field.value.split('\n').length + 1) : 5} defaultValue={field.value} className={`mt-1.5 ${fieldClass}`} />
              ) : (
                <input id={field.name} name={field.name} defaultValue={field.value} inputMode={field.kind === 'number' ? 'decimal' : undefined} className={`mt-1.5 ${fieldClass}`} />
              )}
            </div>
          ))
        )}
        <Button type="submit">Gem</Button>
      </DeskForm>
      {page.refused?.current !== undefined && (
        <div className={boxClass}>
          <h2 className="text-xl">Sådan ser filen ud nu</h2>
          <p className="mt-1 text-ink-soft">Den blev ændret et andet sted, mens du skrev. Flyt det, du vil beholde, over i din udgave ovenfor, og gem.</p>
          <pre className="mt-3 overflow-x-auto rounded-xl bg-sand-50 p-3 text-sm whitespace-pre-wrap">{page.refused.current}</pre>
        </div>
      )}
      {!page.whole && (
        <p>
          <a href={`${back}?som=tekst`} className={linkClass}>
            Ret hele filen som tekst (fx for at tilføje en ny reference)
          </a>
        </p>
      )}
    </>
  )
}
