import type { CardOutcome, PurchaseOutcome } from '~/lib/payments/package-page-data'

/** The klippekort pages' outcome texts: sent with the page's data, so they are not in any page's script. */
export const cardOutcomeText: Record<CardOutcome, string> = {
  booket: 'Din session er booket. Du får en bekræftelse på e-mail med et link, hvor du kan flytte eller aflyse den.',
  taget: 'Tiden blev netop taget. Vælg en anden tid.',
  'ikke-ledig': 'Tiden kan ikke længere bookes. Vælg en anden tid.',
  'ingen-klip': 'Der er ingen klip tilbage på dit klippekort.',
  udloebet: 'Dit klippekort gælder ikke til den tid – det er udløbet, fortrudt, eller tiden ligger efter kortets sidste dag.',
  'ugyldig-form': 'Vælg, hvordan I vil tale sammen.',
  fejl: 'Noget gik galt, og intet er booket. Prøv igen, eller skriv til mig.',
}

export const purchaseOutcomeText: Record<PurchaseOutcome, string> = {
  ugyldig: 'Tjek dit navn, din e-mail og dit telefonnummer, og prøv igen.',
  vilkaar: 'Sæt kryds ved, at du accepterer vilkårene.',
  'start-tidligt': 'Sæt kryds ved, at du vil kunne bruge klippekortet med det samme.',
  'for-mange': 'Der er sendt for mange bestillinger fra din forbindelse i dag. Prøv igen i morgen, eller skriv til mig.',
  'stripe-nede': 'Betalingen kunne ikke åbnes lige nu, og intet er betalt. Prøv igen om lidt.',
  lukket: 'Klippekort kan ikke købes på siden lige nu. Skriv eller ring til mig.',
  'betaling-afbrudt': 'Du afbrød betalingen, og intet er betalt. Du kan prøve igen herunder.',
  fejl: 'Noget gik galt, og intet er betalt. Prøv igen, eller skriv til mig.',
}
