/**
 * The last look in the bundle's `report.html` (docs/decisions/0025-the-last-look.md): the lines of
 * `decisions.jsonl` (./look.ts) as the blogger reads them: the hold (when, the verdict, its reasons, the draft,
 * until when the links decided), then who decided and when, or that nobody answered. Pure; the reasons hold the
 * advertiser's words (a refused domain, a word of the text), so they are printed through the escaping `html` tag
 * like the rest of the report.
 */
import { storedPhrase } from '../errors.js';
import type { Translator } from '../i18n/index.js';
import { html, type SafeHtml } from '../status/html.js';
import type { EvidenceDecision } from './types.js';

type T = Pick<Translator, 't' | 'say' | 'dateTime'>;

/** A reason as stored: a catalog phrase said in the report's language; anything else as plain text. */
function reasonText(t: T, said: unknown): string {
  const phrase = storedPhrase(said);
  if (phrase) return t.say(phrase);
  return typeof said === 'string' ? said : JSON.stringify(said ?? null);
}

function byText(t: T, by: EvidenceDecision['by']): string {
  if (by === 'link') return t.t('look.by.link');
  if (by === 'page') return t.t('look.by.page');
  return t.t('look.by.no_answer');
}

function heldItem(t: T, line: EvidenceDecision): SafeHtml {
  const reasons = line.reasons ?? [];
  return html`<h3 data-look="held">${t.t('evidence.report.look.held', { time: t.dateTime(line.at) })}</h3><table>
<tr><th scope="row">${t.t('evidence.report.look.verdict')}</th><td>${t.t(line.outcome === 'refuse' ? 'evidence.report.look.verdict_refuse' : 'evidence.report.look.verdict_ask')}</td></tr>
<tr><th scope="row">${t.t('look.reasons')}</th><td><ul>${reasons.map((r) => html`<li>${reasonText(t, r.said)}</li>`)}</ul></td></tr>
<tr><th scope="row">${t.t('evidence.report.look.draft')}</th><td><code>${line.draftRef ?? '–'}</code></td></tr>
<tr><th scope="row">${t.t('evidence.report.look.expires')}</th><td>${line.expiresAt ? t.dateTime(line.expiresAt) : '–'}</td></tr>
</table>`;
}

function decidedItem(t: T, line: EvidenceDecision): SafeHtml {
  const time = t.dateTime(line.at);
  if (line.event === 'no_answer')
    return html`<p data-look="no_answer">${t.t('evidence.report.look.no_answer', { time })}</p>`;
  if (line.event === 'message_sent')
    return html`<p data-look="message_sent">${t.t('evidence.report.look.message', { time })}</p><blockquote>${line.text ?? ''}</blockquote>`;
  const decision = t.t(line.event === 'approved' ? 'look.decision.approve' : 'look.decision.refuse');
  return html`<p data-look="${line.event}">${t.t('evidence.report.look.decided', { decision, by: byText(t, line.by), time })}</p>`;
}

/** The report's section of the last look; nothing when the deal was never held. */
export function lookSection(t: T, decisions: readonly EvidenceDecision[] | undefined): SafeHtml {
  if (!decisions || decisions.length === 0) return html``;
  const items = decisions.map((line) => (line.event === 'held' ? heldItem(t, line) : decidedItem(t, line)));
  return html`<h2>${t.t('evidence.report.look.title')}</h2><p>${t.t('evidence.report.look.intro')}</p>${items}`;
}
