/**
 * An accepted deal as the rules judge it before it goes live (./subject.ts): the brief as `deal.accepted`
 * carries it, refined by the deal's detail (`GET /v1/deals/{id}`: the keyword URLs, link mode and express
 * delivery come only from there, as the document says), and the real text (`GET /v1/deals/{id}/text`) with its
 * links. The links: the target `url`, the keyword URLs and the text's http(s) links; not known without the
 * keyword URLs unless the deal is a publication one.
 */
import type { AcceptedDeal } from '../deals/accepted.js';
import type { Deal, DealText } from '../marketplace/schema.js';
import { webLinksOf } from './from-demand.js';
import { plainOfHtml } from './normalise.js';
import type { RulesSubject } from './subject.js';

export interface DealContent {
  accepted: AcceptedDeal;
  /** `GET /v1/deals/{id}`, when it was read: its demand wins field by field over the event's. */
  detail?: Pick<Deal, 'demand' | 'express_hours' | 'reward' | 'ns'> | undefined;
  /** `GET /v1/deals/{id}/text`, when it was read. */
  text?: Pick<DealText, 'text'> | undefined;
}

export function subjectOfDeal(content: DealContent): RulesSubject {
  const { accepted, detail, text } = content;
  const event = accepted.demand ?? {};
  const demand = detail?.demand;
  const pick = <K extends keyof NonNullable<typeof demand> & keyof typeof event>(key: K) =>
    demand?.[key] ?? event[key];
  const html = text?.text;
  const textLinks = html === undefined ? [] : webLinksOf(html);
  const keywordUrls = pick('keyword_urls') ?? (pick('publication') === true ? [] : undefined);
  const url = pick('url');
  const links =
    keywordUrls === undefined
      ? undefined
      : [...(url ? [url] : []), ...keywordUrls.map((k) => k.url), ...textLinks];
  return {
    stage: 'deal',
    name: pick('name'),
    brief: pick('description'),
    keywords: pick('keywords'),
    keywordUrls,
    links,
    linksMode: pick('links_mode'),
    expectation: pick('expectation'),
    pages: detail?.ns ?? pick('ns'),
    reward: detail?.reward ?? accepted.reward,
    expressHours: detail?.express_hours,
    text: html === undefined ? undefined : plainOfHtml(html),
  };
}
