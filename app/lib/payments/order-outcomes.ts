/** What the order page's withdrawal post is redirected with: the names only (the route's search check is in every page's script). */
export const orderOutcomes = ['betalt', 'klippekort-betalt', 'venter', 'fortrudt', 'allerede-fortrudt', 'frist-udloebet', 'sessionen-er-begyndt', 'fejl'] as const
export type OrderOutcome = (typeof orderOutcomes)[number]
