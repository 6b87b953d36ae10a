import { Button } from '~/components/ui/button'
import type { DeskArticleEditor, DeskArticleList } from '~/lib/desk/desk-data'
import { DeskForm, boxClass, fieldClass, linkClass } from './desk-parts'

/** Her articles on the desk: the list, the editor with its preview and cover photo, and the deletion's confirmation. */

const stateText = { udgivet: 'Udgivet', planlagt: 'Planlagt', kladde: 'Kladde' } as const
const stateClass = { udgivet: 'bg-success-50 text-success-700', planlagt: 'bg-accent-50 text-accent-800', kladde: 'bg-sand-200 text-ink' } as const

export function DeskArticleListView({ list }: { list: DeskArticleList }) {
  return (
    <>
      <p>
        <a href="/coach/artikler/ny" className={`${linkClass} text-lg`}>
          Skriv en ny artikel
        </a>
      </p>
      <p>Det, du gemmer, er på siden med det samme – der skal ikke genstartes eller bygges noget. En planlagt artikel kommer på siden af sig selv på sin dato; en kladde ser kun du.</p>
      <ul className="space-y-3">
        {list.articles.map((article) => (
          <li key={article.slug} className={boxClass}>
            <a href={`/coach/artikler/${article.slug}`} className={`${linkClass} text-lg`}>
              {article.title}
            </a>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <span className={`rounded-full px-2.5 py-0.5 font-medium ${stateClass[article.state]}`}>{stateText[article.state]}</span>
              {article.date && (
                <>
                  {' '}
                  <span className="text-ink-soft">{article.date}</span>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      {!list.history && (
        <p role="note" className="rounded-2xl border border-sand-300 bg-sand-50 p-4">
          Dine artikler gemmes i filerne, men mappen er ikke i git, så der er ingen historik at gå tilbage i.
        </p>
      )}
    </>
  )
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hjaelp`} className="text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {children}
    </div>
  )
}

export function DeskArticleEditorView({ editor, formToken, confirmingDelete }: { editor: DeskArticleEditor; formToken: string; confirmingDelete: boolean }) {
  const here = `/coach/artikler/${editor.slug ?? 'ny'}`
  const { fields } = editor
  if (confirmingDelete && editor.slug) return <DeleteConfirmation editor={editor} formToken={formToken} />
  return (
    <>
      <p className="flex flex-wrap gap-x-6">
        <a href="/coach/artikler" className={linkClass}>
          Tilbage til dine artikler
        </a>
        {editor.address && (
          <a href={editor.address} className={linkClass}>
            Se artiklen på siden
          </a>
        )}
      </p>
      {editor.errors.length > 0 && (
        <div className="rounded-2xl border border-danger-700/30 bg-danger-50 p-4 text-danger-700">
          <h2 className="text-xl">Det skal rettes, før det kan gemmes</h2>
          <ul className="mt-2 list-disc pl-5">
            {editor.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      <DeskForm formToken={formToken} action="gem-artikel" back={here} className={`${boxClass} space-y-5`}>
        <input type="hidden" name="artikel" value={editor.slug ?? ''} />
        <input type="hidden" name="version" value={editor.version} />
        <Field id="titel" label="Titel">
          <input id="titel" name="titel" defaultValue={fields.title} maxLength={200} className={`mt-1.5 ${fieldClass}`} />
        </Field>
        <Field id="beskrivelse" label="Beskrivelse" hint="En til to sætninger. De står på bloggen og i søgemaskinerne.">
          <textarea id="beskrivelse" name="beskrivelse" rows={3} defaultValue={fields.description} maxLength={300} aria-describedby="beskrivelse-hjaelp" className={`mt-1.5 ${fieldClass}`} />
        </Field>
        <Field id="kategori" label="Kategori">
          <select id="kategori" name="kategori" defaultValue={fields.category} className={`mt-1.5 ${fieldClass}`}>
            <option value="">Vælg en kategori</option>
            {editor.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="dato" label="Dato" hint="En dag, der ikke er kommet endnu, planlægger artiklen: den kommer på siden af sig selv den dag.">
          <input id="dato" name="dato" type="date" defaultValue={fields.publishedAt} aria-describedby="dato-hjaelp" className={`mt-1.5 ${fieldClass}`} />
        </Field>
        <Field id="tekst" label="Tekst" hint="Markdown: en tom linje mellem afsnit, ## foran en mellemoverskrift, **fed**, *kursiv*, [link](https://…).">
          <textarea id="tekst" name="tekst" rows={18} defaultValue={fields.body} spellCheck aria-describedby="tekst-hjaelp" className={`mt-1.5 ${fieldClass}`} />
        </Field>
        <fieldset>
          <legend className="font-medium text-ink">Synlig på siden</legend>
          <div className="mt-1.5 space-y-1">
            <label className="flex min-h-tap items-center gap-3">
              <input type="radio" name="synlig" value="udgivet" defaultChecked={fields.place === 'udgivet'} className="size-5" />
              Udgivet (fra datoen)
            </label>
            <label className="flex min-h-tap items-center gap-3">
              <input type="radio" name="synlig" value="kladde" defaultChecked={fields.place === 'kladde'} className="size-5" />
              Kladde (ikke på siden)
            </label>
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="trin" value="gem">
            Gem
          </Button>
          <Button type="submit" name="trin" value="forhaandsvis" variant="outline">
            Forhåndsvis
          </Button>
        </div>
      </DeskForm>
      {editor.current !== undefined && (
        <div className={boxClass}>
          <h2 className="text-xl">Sådan ser filen ud nu</h2>
          <p className="mt-1 text-ink-soft">Den blev ændret et andet sted, mens du skrev. Din udgave står i formularen ovenfor: flyt det, du vil beholde, over i den, og gem.</p>
          <pre className="mt-3 overflow-x-auto rounded-xl bg-sand-50 p-3 text-sm whitespace-pre-wrap">{editor.current}</pre>
        </div>
      )}
      {editor.preview && (
        <section aria-labelledby="forhaandsvisning" className="overflow-hidden rounded-2xl border border-sand-300">
          <h2 id="forhaandsvisning" className="scroll-mt-(--nav-height) bg-sand-100 px-4 py-3 text-xl">
            Forhåndsvisning (ikke gemt)
          </h2>
          <div dangerouslySetInnerHTML={{ __html: editor.preview.html }} />
        </section>
      )}
      {editor.slug && <CoverForm editor={editor} formToken={formToken} here={here} />}
      {editor.slug && (
        <p>
          <a href={`${here}?slet=ja`} className={`${linkClass} text-danger-700`}>
            Slet artiklen
          </a>
        </p>
      )}
    </>
  )
}

function CoverForm({ editor, formToken, here }: { editor: DeskArticleEditor; formToken: string; here: string }) {
  return (
    <DeskForm formToken={formToken} action="forsidebillede" back={here} photo className={`${boxClass} space-y-4`}>
      <h2 id="forsidebillede" className="scroll-mt-(--nav-height) text-xl">
        Forsidebillede
      </h2>
      {editor.cover && (
        <img src={editor.cover.url} alt={editor.cover.photo ? 'Artiklens forsidebillede (dit foto)' : 'Artiklens forsidebillede (lavet af siden)'} width={600} height={315} className="w-full rounded-xl" />
      )}
      <p className="text-ink-soft">
        {editor.cover?.photo ? 'Billedet er dit eget foto. Vælg et andet for at skifte det.' : 'Siden har lavet et roligt billede til artiklen. Vælg et foto for at bruge dit eget.'} JPEG eller PNG, højst 15 MB; det
        bliver vendt rigtigt og gjort mindre af sig selv.
      </p>
      <input type="hidden" name="artikel" value={editor.slug} />
      <Field id="billede" label="Vælg et foto">
        <input id="billede" name="billede" type="file" accept="image/jpeg,image/png" className={`mt-1.5 ${fieldClass}`} />
      </Field>
      <Button type="submit">Læg billedet op</Button>
    </DeskForm>
  )
}

function DeleteConfirmation({ editor, formToken }: { editor: DeskArticleEditor; formToken: string }) {
  const here = `/coach/artikler/${editor.slug}`
  return (
    <DeskForm formToken={formToken} action="slet-artikel" back={here} className={`${boxClass} space-y-4`}>
      <h2 className="text-xl">Vil du slette »{editor.fields.title}«?</h2>
      <p>Artiklen og dens forsidebillede forsvinder fra siden og fra søgningen. Vil du bare tage den af siden for en tid, så gør den til en kladde i stedet.</p>
      <input type="hidden" name="artikel" value={editor.slug} />
      <input type="hidden" name="bekraeft" value="ja" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="destructive">
          Ja, slet artiklen
        </Button>
        <a href={here} className={linkClass}>
          Nej, behold den
        </a>
      </div>
    </DeskForm>
  )
}
