import type { Catalog } from '../catalog.js';

/**
 * The demands (src/demands/): what a failed offer or decline means and what to do (./offer-errors.ts), said
 * alike on the status page, in the CLI and in the log of an automatic offer. Keys `demand.`.
 */
export const demandMessages = {
  'demand.offer.error.nizka_vyssi_nabidka': {
    cs: 'Vyšší nabídka musí být nad základní odměnou poptávky. Zadejte vyšší částku, nebo nabídněte základní odměnu.',
    en: "A higher bid must be above the demand's base reward. Enter a higher amount, or offer the base reward.",
  },
  'demand.offer.error.poptavka_nedostupna': {
    cs: 'Poptávka už pro tento blog není dostupná (inzerent ji vypnul, nebo ji mezitím obsadili). Není co opravit.',
    en: 'The demand is no longer available to this blog (the advertiser switched it off, or it was taken). Nothing to fix.',
  },
  'demand.offer.error.blog_neuplny': {
    cs: 'Tržiště bere blog jako neúplný: nastavte minimální cenu, aktualizujte měsíční návštěvnost (starší než měsíc blokuje nabídky), nebo počkejte na schválení redakcí. Pak nabídněte znovu.',
    en: 'The marketplace deems the blog incomplete: set a minimum price, update the monthly visitors (older than a month blocks offers), or wait for the editors to approve it. Then offer again.',
  },
  'demand.offer.error.chybi_scope': {
    cs: 'API klíč smí jen číst. Vytvořte v nastavení tržiště klíč s oprávněním write a dejte ho do marketplace.apiKey.',
    en: 'The API key may only read. Create a key with scope write in the marketplace settings and set it as marketplace.apiKey.',
  },
  'demand.offer.error.spatna_role': {
    cs: 'Tržiště odmítlo: blog nepatří účtu tohoto API klíče, nebo klíč patří inzerentovi. Použijte klíč svého účtu blogera.',
    en: "The marketplace refused: the blog is not the account's of this API key, or the key is an advertiser's. Use your blogger account's key.",
  },
  'demand.offer.error.neplatny_klic': {
    cs: 'API klíč chybí nebo byl zneplatněn. Vytvořte nový v nastavení tržiště (sekce API klíče) a dejte ho do marketplace.apiKey.',
    en: 'The API key is missing or was invalidated. Create a new one in the marketplace settings (API keys) and set it as marketplace.apiKey.',
  },
  'demand.offer.error.retryable': {
    cs: 'Tržiště teď nabídku nepřijalo (neodpovídá, je přetížené nebo hlásí chybu serveru). Zkuste to za chvíli znovu.',
    en: 'The marketplace did not take the offer now (no answer, too many requests or a server error). Try again in a while.',
  },
  'demand.offer.error.other': {
    cs: 'Nabídka se nepodařila. Podrobnosti jsou v logu pressbridge.',
    en: "The offer did not go through. The details are in pressbridge's log.",
  },
  'demand.offer.error.other_code': {
    cs: 'Tržiště nabídku odmítlo ({code}): {detail}',
    en: 'The marketplace refused the offer ({code}): {detail}',
  },
  'demand.offer.error.reward_not_integer': {
    cs: 'Odměna musí být celý kladný počet Kč.',
    en: 'The reward must be a whole positive number of Kč.',
  },
  'demand.offer.error.reward_not_above_base': {
    cs: 'Odměna nesmí být pod základní odměnou poptávky ({base} Kč); vyšší nabídka musí být nad ní.',
    en: "The reward may not be below the demand's base reward ({base} Kč); a higher bid must be above it.",
  },
  'demand.offer.error.note_too_long': {
    cs: 'Poznámka k nabídce smí mít nejvýše {max} znaků.',
    en: 'The note may be at most {max} characters long.',
  },
  'demand.offer.error.unknown_demand': {
    cs: 'Tuto poptávku pressbridge u blogu nezná (ještě nebyla načtena, nebo už je pryč). Počkejte na další načtení poptávek.',
    en: 'pressbridge does not know this demand for the blog (not read yet, or gone). Wait for the next reading of the demands.',
  },
  'verdict.reason.unreadable': {
    cs: 'důvod nelze přečíst (uložen jinou verzí pressbridge)',
    en: 'the reason cannot be read (stored by another version of pressbridge)',
  },
} as const satisfies Catalog;
