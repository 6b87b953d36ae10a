import { Link, createFileRoute } from '@tanstack/react-router'
import { site } from '#content/site'
import { PageHero } from '~/components/ui/page-hero'
import { seo } from '~/lib/seo'

export const Route = createFileRoute('/privatlivspolitik')({
  head: () =>
    seo({
      title: 'Privatlivspolitik',
      description:
        'Sådan behandler jeg dine personoplysninger, når du besøger hjemmesiden eller skriver til mig via kontaktformularen.',
      path: '/privatlivspolitik',
    }),
  component: PrivacyPage,
})

const retentionMonths = Math.round(site.contactRetentionDays / 30.4)

function PrivacyPage() {
  return (
    <>
      <PageHero title="Privatlivspolitik" intro="Sådan passer jeg på dine oplysninger. Senest opdateret 21. november 2026." />
      <article className="prose mx-auto px-5 py-14 sm:px-8 md:py-20">
        <p>
          Jeg tager beskyttelsen af dine personoplysninger alvorligt. Her kan du læse, hvilke oplysninger jeg
          behandler, hvorfor, og hvilke rettigheder du har. Hjemmesiden bruger ingen cookies, ingen
          besøgsstatistik og henter intet indhold fra andre websteder.
        </p>

        <h2>Dataansvarlig</h2>
        <p>
          {site.name}, {site.address.street}, {site.address.postalCode} {site.address.city}, CVR {site.cvr}. Du
          kan kontakte mig på <a href={`mailto:${site.email}`}>{site.email}</a> eller{' '}
          <a href={site.phone.href}>{site.phone.display}</a>.
        </p>

        <h2>Formål</h2>
        <ul>
          <li>At besvare din henvendelse via kontaktformularen og aftale en eventuel samtale.</li>
          <li>At sende dig en kvittering for, at din besked er modtaget.</li>
          <li>At beskytte formularen mod misbrug og spam.</li>
          <li>At drive hjemmesiden sikkert og finde fejl.</li>
        </ul>

        <h2>Retsgrundlag</h2>
        <p>
          Når du skriver til mig, behandler jeg dine oplysninger for at kunne svare dig og gennemføre skridt, du
          selv har bedt om, før en eventuel aftale indgås (databeskyttelsesforordningens artikel 6, stk. 1, litra
          b). Beskyttelse mod misbrug og sikker drift sker på grundlag af min legitime interesse i en sikker
          hjemmeside (artikel 6, stk. 1, litra f).
        </p>

        <h2>Kategorier af oplysninger</h2>
        <ul>
          <li>Fra kontaktformularen: fornavn, efternavn, e-mail, telefonnummer, ønsket ydelse, eventuel adresse og din besked.</li>
          <li>
            En envejskrypteret (hashet) udgave af din IP-adresse, som gemmes sammen med beskeden for at begrænse
            antallet af henvendelser fra samme afsender. Selve IP-adressen gemmes ikke.
          </li>
          <li>Tekniske logoplysninger om forespørgsler (tidspunkt, side, svarkode og hashet IP-adresse) – uden indholdet af din besked.</li>
        </ul>
        <p>
          Skriv venligst ikke helbredsoplysninger eller andre følsomme oplysninger i formularen. Dem tager vi
          hellere, når vi taler sammen.
        </p>

        <h2>Modtagere</h2>
        <p>
          Din besked gemmes i en database på den server, der driver hjemmesiden. E-mails til mig og kvitteringen
          til dig sendes via e-mailtjenesten Resend, som behandler oplysningerne som databehandler på mine
          vegne. Jeg sælger eller videregiver aldrig dine oplysninger til andre.
        </p>

        <h2>Opbevaring og sletning</h2>
        <p>
          Beskeder fra kontaktformularen slettes automatisk {site.contactRetentionDays} dage (cirka {retentionMonths}{' '}
          måneder) efter, at de er modtaget. Bliver du klient, opbevares oplysninger om forløbet efter
          bogføringslovens og de etiske retningslinjers regler, som vi aftaler nærmere ved første samtale.
          Logoplysninger opbevares højst 30 dage.
        </p>

        <h2>Dine rettigheder</h2>
        <p>Efter databeskyttelsesforordningen har du ret til:</p>
        <ul>
          <li><strong>Indsigt</strong> i de oplysninger, jeg behandler om dig.</li>
          <li><strong>Berigtigelse</strong> af forkerte oplysninger.</li>
          <li><strong>Sletning</strong> af dine oplysninger.</li>
          <li><strong>Begrænsning</strong> af behandlingen.</li>
          <li><strong>Indsigelse</strong> mod behandling, der sker på grundlag af min legitime interesse.</li>
          <li><strong>Dataportabilitet</strong>: at få dine oplysninger udleveret i et almindeligt, maskinlæsbart format.</li>
        </ul>
        <p>
          Skriv til <a href={`mailto:${site.email}`}>{site.email}</a>, så svarer jeg inden for en måned. Er du
          utilfreds med min behandling, kan du klage til Datatilsynet (datatilsynet.dk).
        </p>

        <h2>Overførsel til tredjelande</h2>
        <p>
          Resend er en amerikansk virksomhed, og e-mails kan derfor blive behandlet i USA. Overførslen sker på
          grundlag af EU-Kommissionens standardkontraktbestemmelser, så dine oplysninger er beskyttet på samme
          niveau som i EU. Ingen andre oplysninger overføres til lande uden for EU/EØS.
        </p>

        <p>
          Har du spørgsmål til politikken, er du velkommen til at <Link to="/kontakt">kontakte mig</Link>.
        </p>
      </article>
    </>
  )
}
