import { FREE_FIRST_CONVERSATION } from './first-conversation.ts'

/** The contact page's FAQ; also published as FAQPage structured data. */
export const faq = [
  {
    question: 'Hvor lang tid varer en samtale?',
    answer:
      `En samtale i et forløb varer normalt 60–90 minutter. ${FREE_FIRST_CONVERSATION} Så kan vi mærke, om kemien er der.`,
  },
  {
    question: 'Tilbyder du online coaching?',
    answer:
      'Ja. Samtalerne kan foregå online via video eller over telefonen, hvis det passer dig bedre end at møde op i Fredericia.',
  },
  {
    question: 'Hvor mange samtaler skal jeg regne med?',
    answer:
      'Det er forskelligt fra person til person. Nogle har brug for en enkelt samtale, mens de fleste typisk har gavn af 3–5 samtaler.',
  },
  {
    question: 'Hvad er forskellen på coaching og terapi?',
    answer:
      'Coaching ser fremad og handler om dine mål og handlemuligheder her og nu. Terapi arbejder med behandling af psykiske problemer og ofte med fortiden. Har du brug for behandling, hjælper jeg dig videre til din læge eller en psykolog.',
  },
] as const
