import type { PrivacyFacts, TransferBasis } from '~/lib/content/privacy-facts'

type Services = PrivacyFacts['clientServices']

/** The basis of one transfer, in the words of the decision it rests on. */
function TransferBasisText({ company, name, transfer }: { company: string; name: string; transfer: TransferBasis }) {
  if (transfer === 'dpf') {
    return (
      <>
        {company} er certificeret under EU–US Data Privacy Framework. EU-Kommissionen har i afgørelse (EU) 2023/1795 af
        10. juli 2023 fastslået, at virksomheder i USA med denne certificering sikrer et tilstrækkeligt
        beskyttelsesniveau (databeskyttelsesforordningens artikel 45). Du kan se certificeringen på
        dataprivacyframework.gov og læse afgørelsen på eur-lex.europa.eu.
      </>
    )
  }
  return (
    <>
      Overførslen sker på grundlag af EU-Kommissionens standardkontraktbestemmelser (gennemførelsesafgørelse (EU)
      2021/914 af 4. juni 2021), som indgår i min databehandleraftale med {name} (databeskyttelsesforordningens artikel
      46, stk. 2, litra c). Bestemmelserne kan også læses på eur-lex.europa.eu.
    </>
  )
}

/** The services a course uses, as recipients: each by name once the coach has listed them, their kinds until then. */
export function ClientServiceRecipients({ services }: { services: Services }) {
  if (!services) {
    return (
      <li>
        Holder vi en samtale på video, eller bliver du klient, bruger jeg måske en tjeneste til videosamtaler,
        fakturering eller betaling. Før vi begynder, fortæller jeg dig, hvilken udbyder det er, og hvor den behandler dine
        oplysninger.
      </li>
    )
  }
  return services.map((service) => <li key={service.name}>{`${service.company} (${service.location}) bruger jeg til ${service.purpose}, når du er klient.`}</li>)
}

/** The off-site copies' host and the payment service, as recipients, each when she uses one. */
export function BackupAndPaymentRecipients({ backup, payment }: { backup: PrivacyFacts['backupHost']; payment: PrivacyFacts['paymentProvider'] }) {
  return (
    <>
      {backup && (
        <li>
          {`${backup.name} (${backup.location}) opbevarer en sikkerhedskopi af databasen uden for serveren, så intet går tabt, hvis serveren går ned. `}
          {`Kopien er krypteret, før den forlader serveren, og ${backup.name} har ikke nøglen, så de kan ikke læse den.`}
        </li>
      )}
      {payment && (
        <li>
          {`${payment.company} (${payment.location}) tager imod betalingen, når du betaler for en samtale, du booker: din e-mail, samtalen, `}
          {`tidspunktet, beløbet og ordrens nummer – og de kort- eller MobilePay-oplysninger, du selv skriver hos ${payment.name}. Jeg ser aldrig dit kortnummer.`}
        </li>
      )}
    </>
  )
}

/**
 * The transfers out of the EU/EEA: the mail provider, then every listed service with a transfer
 * basis. The mail provider's basis is stated as a certification only once the coach has checked it
 * (`sample` deleted); until then the policy rests on the clauses every such agreement includes.
 */
export function Transfers({ mail, services, calendar, payment }: { mail: PrivacyFacts['mailProvider']; services: Services; calendar?: PrivacyFacts['calendarProvider']; payment?: PrivacyFacts['paymentProvider'] }) {
  const onward = payment?.transferTo
  const transfer = mail.sample ? 'scc' : mail.transfer
  const abroad = (services ?? []).filter((service) => service.transfer !== undefined)
  // Like the mail provider's, a calendar's certification is stated only once the coach has checked it.
  const calendarTransfer = calendar?.transfer && (calendar.sample ? 'scc' : calendar.transfer)
  return (
    <>
      <p>
        {`${mail.company} er en amerikansk virksomhed, så e-mails, der sendes gennem ${mail.name}, kan blive behandlet i USA. `}
        <TransferBasisText company={mail.company} name={mail.name} transfer={transfer} /> Min databehandleraftale med{' '}
        {mail.name} kan læses på <a href={mail.dpaUrl}>{mail.dpaUrl.replace(/^https:\/\//, '')}</a>, og du er velkommen
        til at bede mig om en kopi.
      </p>
      {calendar && calendarTransfer && (
        <p>
          {`${calendar.company}, der har min kalender, kan behandle oplysninger i ${calendar.location}. `}
          <TransferBasisText company={calendar.company} name={calendar.name} transfer={calendarTransfer} />
        </p>
      )}
      {payment && onward && (
        <p>
          {`${payment.company} giver oplysningerne om betalingen videre til ${onward.company} i ${onward.location}. `}
          <TransferBasisText company={onward.company} name={payment.name} transfer={onward.transfer} />
        </p>
      )}
      {abroad.map((service) => (
        <p key={service.name}>
          {`${service.company}, som jeg bruger til ${service.purpose}, behandler oplysninger i ${service.location}. `}
          <TransferBasisText company={service.company} name={service.name} transfer={service.transfer!} />
        </p>
      ))}
      <p>
        {services
          ? 'Ingen andre oplysninger overføres til lande uden for EU/EØS.'
          : 'Behandler en tjeneste til videosamtaler, fakturering eller betaling dine oplysninger uden for EU/EØS, fortæller jeg dig det, før vi begynder – og på hvilket grundlag det sker. Ellers overføres ingen oplysninger til lande uden for EU/EØS.'}
      </p>
    </>
  )
}
