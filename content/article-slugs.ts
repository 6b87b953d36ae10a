/**
 * The articles the site promises; the content test checks that
 * content/blog holds exactly these. "sofie-og-jonas" names the article about a couple by two first names.
 */
export const articleSlugs = [
  'personlig-coach', 'mail-fra-en-mor', 'anmeldelse-til-gymnasieblad', 'en-16-aarig-piges-oplevelser',
  'generthe-og-nye-roller', 'eksamensangst-medicin', 'coaching-af-gymnasieelever', 'teenager-mobbet-ud-af-skolen',
  'hjaelp-fra-teenagecoach', 'eksamensangst-svaert-at-gaa-til-eksamen', 'ungdomscoaching-bliver-almindeligt',
  'teenagecoaching-hit-i-usa', 'kan-teenagere-vaere-stresset', 'er-du-bekymret-for-din-teenager', 'det-svaere-valg',
  'coaching-i-forbindelse-arbejdsloeshed', 'saa-lev-dog', 'parcoaching-eller-parterapi', 'coaching-og-stress',
  'du-ved-det-sikkert-allerinderstinde', 'har-du-talt-med-din-coach', 'arbejdsloeshed-og-coaching',
  'coaching-krise-kriser', 'lifecoaching-handler-om-dit-liv', 'deprimeret-eller-bare-ked-af', 'coaching-som-personalegode',
  'truet-af-rygeforbud', 'livskvalitet-livet-er-fedt', 'uretfaerdig-behandlet', 'problemoer-med-selvmotivation',
  'uddrag-fra-coaching', 'coach-i-traengt-boernefamilie', 'hjaelp-jeg-har-en-teenager', 'vi-er-daarlige-foraeldre',
  'laer-at-saette-graenser', 'foraeldre-til-teenager', 'kan-tro-flytte-bjerge', 'kunsten-at-kommunikere',
  'stress-kommer-snigende', 'stress-og-stresshaandtering-paa-arbejdspladsen', 'usikkerhed-i-teenageaarene',
  'finanskrise-og-coaching', 'brug-for-akut-coaching', 'stress-er-ikke-svaghed', 'inspirerende-indslag-foraeldre-moede',
  'giv-dig-tid-til-coaching', 'telefoncoaching-telefon-coaching', 'coaching-er-ikke-terapi', 'coaching-gavekort',
  'certifiseret-coach-hvad-er-det', 'livskvalitet-hvad-er-det', 'sofie-og-jonas', 'fedtsyrebalancen',
] as const
