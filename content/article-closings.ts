import type { Category } from '../app/lib/categories.ts'

/**
 * The card under an article that has a `cta:` in its front matter: a heading and a few words
 * fitted to the article's category, then the booking of a free first conversation and the
 * contact form (whose button says the article's `cta:`). Change the words freely; every
 * category needs a card.
 */
export const articleClosings: Record<Category, { heading: string; text: string }> = {
  teenage: {
    heading: 'Er der en teenager, der har det svært?',
    text: 'Du er velkommen, hvad enten du er forælder eller selv ung. I en gratis første samtale finder vi ud af, om coaching er det rigtige, og hvordan et forløb kan se ud.',
  },
  relationship: {
    heading: 'Vil I tale om jeres parforhold?',
    text: 'Kom alene eller sammen. I en gratis og uforpligtende første samtale ser vi på, hvad der fylder mellem jer, og om parcoaching er den rette vej.',
  },
  stress: {
    heading: 'Fylder presset for meget?',
    text: 'En gratis første samtale er et roligt sted at begynde: Vi ser på, hvad der dræner dig, og hvad et første lille skridt kan være.',
  },
  life: {
    heading: 'Vil du have mere af det, der giver dig liv?',
    text: 'I en gratis og uforpligtende samtale finder vi ud af, hvad du gerne vil ændre, og om coaching kan hjælpe dig derhen.',
  },
  career: {
    heading: 'Står du ved en skillevej i dit arbejdsliv?',
    text: 'Vil du skifte job, er du blevet ledig, eller vil du trives bedre, hvor du er? Den første samtale er gratis, så vi kan se på det sammen.',
  },
  insights: {
    heading: 'Vil du mærke, hvordan coaching er?',
    text: 'Den første samtale er gratis og uforpligtende. Du får en fornemmelse af, hvordan jeg arbejder, og bestemmer selv, om du vil fortsætte.',
  },
  crisis: {
    heading: 'Vil du tale om det, der er sket?',
    text: 'Når noget har slået benene væk under dig, kan det hjælpe at tale med en, der lytter. Book en gratis første samtale, eller skriv, hvis det er lettere.',
  },
  'personal-development': {
    heading: 'Klar til det næste skridt?',
    text: 'I en gratis første samtale finder vi ud af, hvor du vil hen, og hvad der holder dig tilbage i dag.',
  },
  kosttilskud: {
    heading: 'Vil du have hjælp til at holde fast i en ny vane?',
    text: 'Coaching erstatter ikke råd fra din læge, men kan hjælpe dig med at holde fast i de ændringer, du selv har valgt. Den første samtale er gratis.',
  },
  'special-offers': {
    heading: 'Vil du høre mere?',
    text: 'Book en gratis og uforpligtende første samtale, eller skriv til mig, så finder vi ud af, hvad der passer til dig.',
  },
}
