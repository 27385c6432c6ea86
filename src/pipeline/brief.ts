/**
 * The brief of a deal the blogger writes by hand (`published_by: "bloger"`), as HTML for a draft post. Every
 * value comes from the marketplace and is escaped; only http(s) URLs become links. The labels are Czech: the
 * draft lands in the blogger's Czech site, next to the Czech alt texts of the photos.
 */
import type { AcceptedDeal } from '../deals/accepted.js';
import { neutraliseInvisible } from '../render/invisible.js';
import { escapeAttribute, escapeText } from '../render/sanitize.js';

export interface BriefDemand {
  name?: string | undefined;
  url?: string | undefined;
  keywords?: string | undefined;
  keyword_urls?: ReadonlyArray<{ keyword: string; url: string }> | undefined;
  description?: string | undefined;
  expectation?: string | undefined;
  ns?: number | undefined;
}

export interface BriefSource {
  dealId: number;
  demand: BriefDemand;
  reward?: number | undefined;
  /** When the URL is due, already formatted for people (e.g. `2026-11-21 23:40`). */
  deadline?: string | undefined;
}

/** The brief from the `deal.accepted` payload, refined by the deal detail's demand when it was fetched. */
export function briefSource(
  event: AcceptedDeal,
  detail?: BriefDemand | undefined,
  deadline?: string | undefined,
): BriefSource {
  const demand: BriefDemand = { ...(event.demand ?? {}) };
  if (detail) {
    for (const [key, value] of Object.entries(detail) as Array<[keyof BriefDemand, unknown]>) {
      if (value !== undefined && value !== null) (demand as Record<string, unknown>)[key] = value;
    }
  }
  return { dealId: event.id, demand, reward: event.reward, deadline };
}

/** The draft's title: the demand's name, or a neutral one naming the deal. */
export function draftTitle(source: BriefSource): string {
  // One line, no bidi override or other invisible character: the post title the blog's readers see.
  const name = neutraliseInvisible(source.demand.name ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return name ? name : `Zadání obchodu ${source.dealId}`;
}

export function briefHtml(source: BriefSource): string {
  const d = source.demand;
  const facts: string[] = [];
  const fact = (label: string, html: string | undefined): void => {
    if (html !== undefined && html !== '')
      facts.push(`<li><strong>${escapeText(label)}:</strong> ${html}</li>`);
  };
  fact('Zadání', text(d.name));
  fact('Cílový web', d.url ? link(d.url) : undefined);
  fact('Klíčová slova', text(d.keywords));
  fact('Rozsah', d.ns !== undefined ? `${d.ns} NS` : undefined);
  fact('Cíl inzerenta', text(d.expectation));
  fact('Odměna', source.reward !== undefined ? `${source.reward} Kč` : undefined);
  fact('Termín odevzdání URL', text(source.deadline));

  const out: string[] = [
    `<p>${escapeText(
      `Zadání z tržiště k obchodu ${source.dealId}. Tento koncept připravil pressbridge: článek napište, ` +
        'publikujte a jeho URL odevzdejte v tržišti.',
    )}</p>`,
  ];
  if (facts.length > 0) out.push(`<ul>${facts.join('')}</ul>`);
  const keywordLinks = (d.keyword_urls ?? []).filter((k) => k.keyword.trim() !== '' || k.url.trim() !== '');
  if (keywordLinks.length > 0) {
    out.push('<h2>Klíčová slova a odkazy</h2>');
    out.push(
      `<ul>${keywordLinks.map((k) => `<li>${escapeText(k.keyword)} → ${link(k.url)}</li>`).join('')}</ul>`,
    );
  }
  const paragraphs = (d.description ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (paragraphs.length > 0) {
    out.push('<h2>Zadání článku</h2>');
    for (const p of paragraphs) out.push(`<p>${p.split(/\r?\n/).map(escapeText).join('<br>')}</p>`);
  }
  return out.join('\n');
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? escapeText(trimmed) : undefined;
}

/** A link for http(s) URLs; anything else (javascript:, data:, garbage) is shown as text only. */
function link(url: string): string {
  const trimmed = url.trim();
  let parsed: URL | undefined;
  try {
    parsed = new URL(trimmed);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return escapeText(trimmed);
  return `<a href="${escapeAttribute(parsed.href)}">${escapeText(trimmed)}</a>`;
}
