/**
 * What the blogger's rules judge (./verdict.ts), whichever side it comes from: a demand's brief before the offer
 * (./from-demand.ts) or an accepted deal's real content before it goes live (./from-deal.ts). A field left
 * undefined is not known at this stage; the verdict says which rules then ask.
 */
export type SubjectStage = 'demand' | 'deal';

export interface RulesSubject {
  /**
   * `demand`: before an offer, when express delivery is not yet bought (it is judged on the deal); `deal`: after
   * acceptance, when VIP no longer matters (the offer was made).
   */
  readonly stage: SubjectStage;
  readonly name?: string | undefined;
  /** The article brief (`description`). */
  readonly brief?: string | undefined;
  /** `keywords` as the marketplace sends them (one comma-separated text). */
  readonly keywords?: string | undefined;
  /** `keyword_urls`; undefined: not known. */
  readonly keywordUrls?: ReadonlyArray<{ readonly keyword: string; readonly url: string }> | undefined;
  /**
   * Every address the article will link to: the target (`url`), the keyword URLs and the text's links; undefined
   * when the keyword URLs, and so the links, are not known.
   */
  readonly links?: readonly string[] | undefined;
  readonly linksMode?: number | undefined;
  /** `expectation` as the marketplace sends it: a code or words. */
  readonly expectation?: string | number | undefined;
  /** `ns`: the length asked, in standard pages. */
  readonly pages?: number | undefined;
  /** The blogger's reward, Kč. */
  readonly reward?: number | undefined;
  readonly vip?: boolean | undefined;
  /** `express_hours`: 0 = no express delivery. */
  readonly expressHours?: number | undefined;
  /** The article's visible text, when there is one (a publication demand's, a deal's). */
  readonly text?: string | undefined;
}
