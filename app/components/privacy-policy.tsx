import { BackupAndPaymentRecipients, ClientServiceRecipients, Transfers } from '~/components/privacy-transfers'
import type { PrivacyFacts } from '~/lib/content/privacy-facts'
import { UNCONFIRMED_RETENTION_DAYS } from '~/lib/newsletter'

/**
 * The day this file's wording last changed in substance, as YYYY-MM-DD. The page shows the later of
 * it and content/privatliv.yaml's `opdateret`, so »Senest opdateret« is never older than the text; a test
 * holds the wording's hash and fails when the text changes and this date does not.
 */
export const WORDING_CHANGED = '2026-12-07'

/** The facts of content/site.yaml the policy names. */
type Site = {
  name: string
  email: string
  phone: { display: string; href: string }
  address: { street: string; postalCode: string; city: string }
  cvr: string
  contactRetentionDays: number
  enquiryRetentionDays: number
  contactPhoneRequired: boolean
}

/**
 * The privacy policy itself, from the facts in content/site.yaml and content/privatliv.yaml. The coach
 * writes in the first person: »jeg«, never »vi« for the practice.
 */
export function PrivacyPolicy({ site, privacy }: { site: Site; privacy: PrivacyFacts }) {
  const { mailProvider: mail, hosting, mailbox } = privacy
  const mailto = `mailto:${site.email}`
  return (
    <>
      <p>
        Her kan du læse, hvilke oplysninger jeg behandler om dig, hvorfor, hvor længe, og hvilke rettigheder du har.
        Jeg driver min praksis alene, så det er mig, du skal kontakte om alt, der står her. Hjemmesiden sætter ingen
        cookies hos dig som besøgende, bruger ingen besøgsstatistik og henter intet indhold fra andre websteder.
      </p>
      <p>
        Den eneste cookie på siden hedder <code>__Host-skrivebord</code> og sættes kun hos mig selv, når jeg logger ind
        på mit skrivebord (adresser under /coach). Den holder mig logget ind i op til 30 dage og indeholder kun et
        tilfældigt nøgletal. Den er strengt nødvendig for den tjeneste, jeg selv beder om, og derfor skal der ikke
        spørges om samtykke til den (cookiebekendtgørelsens § 4, stk. 2).
      </p>

      <h2>Dataansvarlig</h2>
      <p>
        {`${site.name}, ${site.address.street}, ${site.address.postalCode} ${site.address.city}, CVR ${site.cvr}. `}
        Du kan kontakte mig på <a href={mailto}>{site.email}</a> eller <a href={site.phone.href}>{site.phone.display}</a>.
      </p>

      <h2>Hvilke oplysninger jeg behandler</h2>
      <ul>
        <li>
          <strong>Når du skriver til mig</strong>
          {site.contactPhoneRequired
            ? ': fornavn, efternavn, e-mail, telefonnummer og din besked – og, hvis du vil, den ydelse, du er interesseret i, og din adresse.'
            : ': fornavn, efternavn, e-mail og din besked – og, hvis du vil, dit telefonnummer, den ydelse, du er interesseret i, og din adresse.'}
        </li>
        <li>
          <strong>Når du booker en samtale</strong>: navn, e-mail, telefonnummer, hvordan samtalen skal foregå, og din
          eventuelle bemærkning. Bekræftelsen og en påmindelse 24 timer før samtalen sender jeg til din e-mail med en
          kalenderfil (.ics) med tid og sted. Linket, som du kan ændre eller aflyse bookingen med, gemmes kun som en kode,
          der ikke kan regnes tilbage til linket.
          {privacy.calendarProvider &&
            ' I min egen kalender står samtalen kun med dit fornavn, samtalens form og bookingnummeret – ikke dit efternavn, dit telefonnummer, din e-mail eller din bemærkning.'}
        </li>
        <li>
          <strong>Når du bliver klient</strong>: mine notater fra samtalerne, vores aftaler om tider og betaling og dine
          fakturaer.
        </li>
        <li>
          <strong>En kode for din IP-adresse</strong>: sammen med en besked eller booking gemmer jeg en kode, der er regnet ud
          fra din IP-adresse og en hemmelig nøgle, så formularerne kan begrænse, hvor mange henvendelser der kommer fra
          samme afsender. Selve IP-adressen gemmes ikke, og uden den hemmelige nøgle kan koden ikke føres tilbage til den, men
          jeg behandler den stadig som en personoplysning.
        </li>
        <li>
          <strong>Serverens log</strong>: for hver side, der hentes, tidspunkt, sidens adresse, svarkode, svartid og
          koden for IP-adressen – og når en besked er gemt eller sendt, dens nummer i databasen. Loggen indeholder
          aldrig navne, e-mailadresser eller indholdet af beskeder.
        </li>
        <li>
          <strong>Webserverens log</strong>: foran hjemmesiden står en webserver, som for hver side noterer tidspunkt,
          sidens adresse, svarkode, svartid, din browsers navn og din IP-adresse forkortet: den sidste del er
          fjernet (fx 192.0.2.0 i stedet for 192.0.2.17), så den peger på et net af adresser og ikke direkte på dig. Søgeord og
          hemmelige led i adressen – som linket til din booking – fjernes, før noget skrives.
        </li>
      </ul>

      <h2>Formål og retsgrundlag</h2>
      <ul>
        <li>
          At svare på din henvendelse og aftale en eventuel samtale, fordi du selv har bedt om det, før vi eventuelt
          indgår en aftale (databeskyttelsesforordningens artikel 6, stk. 1, litra b). Skriver du på vegne af en
          virksomhed, er grundlaget min legitime interesse i at kunne svare dig (artikel 6, stk. 1, litra f).
        </li>
        <li>
          At sende dig en kvittering for din besked, en bekræftelse af din booking og en påmindelse 24 timer før samtalen –
          som en del af det, du har bedt om (artikel 6, stk. 1, litra b).
        </li>
        <li>At gennemføre et coachingforløb, som vi har aftalt (artikel 6, stk. 1, litra b).</li>
        {privacy.paymentProvider && <li>At tage imod betalingen for en samtale, du betaler, når du booker (artikel 6, stk. 1, litra b).</li>}
        <li>At bogføre betalinger og gemme ordrer, kvitteringer, kreditnotaer og fakturaer, fordi bogføringsloven kræver det (artikel 6, stk. 1, litra c).</li>
        <li>
          At beskytte formularerne mod misbrug og spam og at drive hjemmesiden sikkert. Det er min legitime interesse i
          en sikker hjemmeside, som ikke kan misbruges til at sende e-mails (artikel 6, stk. 1, litra f).
        </li>
      </ul>
      <p>
        Ud over e-mails om nye artikler, som du selv har bedt om og bekræftet (se næste afsnit), bruger jeg ikke dine
        oplysninger til markedsføring, og jeg træffer ingen afgørelser om dig automatisk – der sker ingen profilering.
      </p>

      <h2 id="nyhedsbrev">Besked om nye artikler</h2>
      <p>
        Tilmelder du dig »Få besked om nye artikler« på bloggen, gemmer jeg din e-mailadresse, hvornår du tilmeldte dig og
        bekræftede, og koden for din IP-adresse. Formålet er alene at sende dig en e-mail, når der kommer en ny
        artikel. Grundlaget er dit samtykke (databeskyttelsesforordningens artikel 6, stk. 1, litra a, og
        markedsføringslovens § 10): du får først en e-mail med et link, og først når du har bekræftet via linket, er du
        tilmeldt. Indtil da sender jeg intet andet til adressen.
      </p>
      <p>
        {`Bekræfter du ikke inden for ${UNCONFIRMED_RETENTION_DAYS} dage, slettes adressen automatisk. Du kan til enhver tid trække dit samtykke tilbage `}
        med linket »Afmeld« nederst i hver e-mail (eller med dit mailprograms afmeldingsknap) – uden at logge ind. Så
        sletter jeg din adresse og de e-mails, serveren har gemt til dig, med det samme. At du trækker samtykket tilbage,
        ændrer ikke ved, at det, der skete før, var lovligt.
      </p>

      <h2>Oplysninger om dit helbred</h2>
      <p>
        Mange skriver til mig, fordi de har det svært. Fortæller du om stress, søvn, angst, sygdom eller medicin, er det
        helbredsoplysninger, som loven beskytter særligt (databeskyttelsesforordningens artikel 9). Derfor beder jeg ikke
        om dem – hverken i kontaktformularen eller ved booking. Det er nok at skrive et par ord om, hvad du gerne vil tale
        om; resten tager vi i samtalen.
      </p>
      <p>
        Skriver du alligevel om dit helbred, har jeg ikke bedt om det, og jeg behandler det ikke på andre måder end
        resten af din besked: Jeg læser det for at kunne svare dig, skriver det ikke ind andre steder og bruger det ikke
        til andet, og det slettes sammen med beskeden eller bookingen efter fristerne nedenfor. Vil du have det slettet
        før, så skriv til mig, så sletter jeg det med det samme.
      </p>
      <p>
        Begynder vi et forløb, beder jeg om dit udtrykkelige, skriftlige samtykke, før jeg noterer noget om dit helbred
        (artikel 9, stk. 2, litra a). Du kan altid trække samtykket tilbage; det ændrer ikke ved det, jeg lovligt har
        gjort, før du trak det tilbage.
      </p>

      <h2>Når du skriver om andre</h2>
      <p>
        Skriver du om en anden – som forælder om din teenager, om din partner eller om en kollega – behandler jeg også
        oplysninger om vedkommende. Skriv kun det, jeg har brug for til at svare dig, og helst ikke fulde navne eller
        helbredsoplysninger om andre – heller ikke om dit barn. Oplysningerne slettes sammen med din besked. Grundlaget
        er min legitime interesse i at kunne svare dig (artikel 6, stk. 1, litra f); har du alligevel skrevet om en
        andens helbred, behandler jeg det som beskrevet ovenfor om dit eget. Begynder dit barn et forløb hos mig, gælder
        reglerne herunder for unge om, hvem der giver samtykke. Bliver den, du har skrevet om, selv klient hos mig,
        fortæller jeg vedkommende, hvilke oplysninger jeg har fået fra dig (artikel 14). Vedkommende har de samme
        rettigheder som du.
      </p>

      <h2>Til dig, der er ung</h2>
      <p>Du er velkommen til selv at skrive eller ringe til mig, også hvis du er under 18 år.</p>
      <ul>
        <li>
          Er du 15 år eller ældre, giver du selv samtykke til, at jeg behandler dine oplysninger – også oplysninger om,
          hvordan du har det. Dine forældre skal ikke give samtykke for dig.
        </li>
        <li>
          Er du under 15 år, svarer jeg gerne på dit spørgsmål. Men før vi begynder et forløb, og før jeg noterer noget
          om dit helbred, skal en af dine forældre (eller en anden med forældremyndigheden) give samtykke.
        </li>
        <li>Er du under 18 år, aftaler jeg betalingen for et forløb med dine forældre.</li>
      </ul>
      <p>
        Det, du fortæller mig i vores samtaler, bliver mellem os. Der er én undtagelse: Bliver jeg alvorligt bekymret
        for, at du eller en anden er i fare, må jeg ikke holde det for mig selv. Så siger jeg det videre – til dine
        forældre, din læge eller kommunen – og fortæller dig det først, hvis jeg kan.
      </p>

      <h2>Modtagere</h2>
      <p>
        Jeg sælger aldrig dine oplysninger. Ud over mig er det kun disse databehandlere, der behandler dem – på mine
        vegne, efter mine instrukser og efter en databehandleraftale:
      </p>
      <ul>
        <li>
          {`${hosting.name} (${hosting.location}) driver serveren med hjemmesiden, databasen, sikkerhedskopierne og `}
          serverens log.
        </li>
        <li>
          {`${mail.company} (${mail.location}) sender e-mailen om din besked eller booking til mig og kvitteringen, `}
          bekræftelsen og påmindelsen til dig.
        </li>
        <li>
          {`${mailbox.name} (${mailbox.location}) leverer min e-mail: e-mailen om din besked eller booking lander i `}
          min indbakke der, og det samme gør de e-mails, du skriver direkte til mig.
        </li>
        {privacy.calendarProvider && (
          <li>
            {`${privacy.calendarProvider.company} (${privacy.calendarProvider.location}) har min kalender (${privacy.calendarProvider.name}), hvor en booket samtale står med dit fornavn, samtalens form og bookingnummeret, indtil bookingen slettes.`}
          </li>
        )}
        <BackupAndPaymentRecipients backup={privacy.backupHost} payment={privacy.paymentProvider} />
        <ClientServiceRecipients services={privacy.clientServices} />
      </ul>
      <p>
        Derudover giver jeg kun oplysninger videre, når loven kræver det – fx regnskabsmateriale til Skattestyrelsen,
        eller en underretning til kommunen, hvis et barn er i fare.
      </p>

      <h2>Overførsel til lande uden for EU/EØS</h2>
      <Transfers mail={mail} services={privacy.clientServices} calendar={privacy.calendarProvider} payment={privacy.paymentProvider} />

      <h2>Opbevaring og sletning</h2>
      <ul>
        <li>
          {`Beskeder fra kontaktformularen slettes automatisk ${site.enquiryRetentionDays} dage efter, at de er modtaget – i databasen `}
          og i de kopier af e-mails, serveren har gemt.
          {` Bliver du klient, gemmer jeg din besked i ${site.contactRetentionDays} dage fra modtagelsen. Inden for samme frister `}
          sletter jeg e-mailen om beskeden i min indbakke.
        </li>
        <li>
          {`Bookinger slettes automatisk ${privacy.bookingRetentionDays} dage efter den aftalte samtale, og inden for `}
          samme frist sletter jeg e-mails om bookingen i min indbakke.
        </li>
        <li>
          {`En tilmelding til besked om nye artikler slettes efter ${UNCONFIRMED_RETENTION_DAYS} dage, hvis den ikke bekræftes; en bekræftet `}
          tilmelding gemmes, til du afmelder dig, og slettes så med det samme.
        </li>
        <li>{`${mail.name} gemmer en log over sendte e-mails i ${mail.logDays} dage og sletter den derefter.`}</li>
        <li>
          {`Sikkerhedskopier af databasen${privacy.backupHost ? ` – på serveren og hos ${privacy.backupHost.name} –` : ''} slettes automatisk efter ${privacy.backupRetentionDays} dage. Det, der er `}
          {`slettet i databasen, er derfor også væk fra sikkerhedskopierne senest ${privacy.backupRetentionDays} dage senere.`}
        </li>
        <li>{`Serverens og webserverens log slettes efter ${privacy.logRetentionDays} dage.`}</li>
        <li>
          {`Bliver du klient, sletter jeg mine notater ${privacy.clientNotesYears} år efter vores sidste samtale, så vi `}
          kan tage tråden op igen, hvis du vender tilbage. Det er mit eget valg og ikke et krav i loven, så du kan altid
          bede mig slette dem før.
        </li>
        <li>
          {`Ordrer, kvitteringer og kreditnotaer for det, du har betalt, og fakturaer for et forløb gemmer jeg i ${privacy.bookkeepingYears} år fra `}
          udgangen af det regnskabsår, de hører til, fordi bogføringsloven kræver det (bogføringslovens § 10). Grundlaget
          er, at loven pålægger mig det (databeskyttelsesforordningens artikel 6, stk. 1, litra c). Det gælder også, hvis du
          beder mig slette dine oplysninger: retten til sletning gælder ikke det, loven kræver, at jeg gemmer (artikel 17,
          stk. 3, litra b). Når fristen er udløbet, sletter jeg dem.
        </li>
      </ul>
      <p>
        Beder du mig slette dine oplysninger, sletter jeg dem alle steder, hvor jeg selv kan: i databasen, i serverens
        kopier af e-mails og i min indbakke. Det, der ligger i {mail.name}s log og i sikkerhedskopierne, forsvinder af sig
        selv inden for fristerne ovenfor. Kun ordrer, kvitteringer, kreditnotaer og fakturaer bliver liggende, til
        bogføringslovens frist er udløbet.
      </p>

      <h2>Dine rettigheder</h2>
      <p>Efter databeskyttelsesforordningen har du ret til:</p>
      <ul>
        <li>
          <strong>Indsigt</strong> i de oplysninger, jeg behandler om dig.
        </li>
        <li>
          <strong>Berigtigelse</strong> af forkerte oplysninger.
        </li>
        <li>
          <strong>Sletning</strong> af dine oplysninger.
        </li>
        <li>
          <strong>Begrænsning</strong> af behandlingen.
        </li>
        <li>
          <strong>Indsigelse</strong> mod behandling, der sker på grundlag af min legitime interesse.
        </li>
        <li>
          <strong>Dataportabilitet</strong>: at få de oplysninger, du selv har givet mig, udleveret i et almindeligt,
          maskinlæsbart format.
        </li>
        <li>
          <strong>At trække et samtykke tilbage</strong> når som helst.
        </li>
      </ul>
      <p>
        Skriv til <a href={mailto}>{site.email}</a>, så svarer jeg inden for en måned. Er du utilfreds med, hvordan jeg
        behandler dine oplysninger, kan du klage til Datatilsynet (datatilsynet.dk).
      </p>

      <h2>Skal du give mig oplysningerne?</h2>
      <p>
        Det er frivilligt at skrive til mig og at booke en samtale, og ingen lov kræver, at du giver mig oplysninger.{' '}
        {site.contactPhoneRequired
          ? 'Men uden navn, e-mail og telefonnummer kan jeg ikke svare dig, så formularen og bookingen kan ikke sendes uden dem; alt andet kan du udelade. '
          : 'Men uden navn og e-mail kan jeg ikke svare dig, og til en booking skal jeg også have dit telefonnummer, så formularen og bookingen kan ikke sendes uden dem; alt andet kan du udelade. '}
        Bliver du klient, er dit navn og din adresse nødvendige for vores aftale, fordi
        de skal stå på fakturaen.
      </p>
    </>
  )
}
