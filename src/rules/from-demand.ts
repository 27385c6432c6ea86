/**
 * A demand's full brief (`GET /v1/demands/{id}`, src/marketplace/schema.ts `DemandBrief`) as the rules judge it
 * (./subject.ts). A publication demand brings the advertiser's finished text (`materials.text`): its words and
 * links are judged too. The links: the target `url`, the keyword URLs and the text's http(s) links; not known
 * when a demand that is not a publication gives no keyword URLs.
 */
import type { DemandBrief } from '../marketplace/schema.js';
import { linksOf } from '../render/article-links.js';
import { plainOfHtml } from './normalise.js';
import type { RulesSubject } from './subject.js';

/** The absolute http(s) links of an HTML text (relative, `mailto:` and the like lead nowhere off the blog). */
export function webLinksOf(html: string): string[] {
  return linksOf(html).filter((href) => /^(https?:)?\/\//i.test(href));
}

export function subjectOfDemand(brief: DemandBrief): RulesSubject {
  const html = brief.publication === true ? brief.materials?.text : undefined;
  const textLinks = html === undefined ? [] : webLinksOf(html);
  const keywordUrls = brief.keyword_urls ?? (html !== undefined ? [] : undefined);
  const links =
    keywordUrls === undefined
      ? undefined
      : [...(brief.url ? [brief.url] : []), ...keywordUrls.map((k) => k.url), ...textLinks];
  return {
    stage: 'demand',
    name: brief.name,
    brief: brief.description,
    keywords: brief.keywords,
    keywordUrls,
    links,
    linksMode: brief.links_mode,
    expectation: brief.expectation,
    pages: brief.ns,
    reward: brief.reward,
    vip: brief.vip,
    text: html === undefined ? undefined : plainOfHtml(html),
  };
}
