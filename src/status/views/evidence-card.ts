/**
 * The deal page's Evidence card (issue 22, item 5): the checks recorded on disk (src/evidence/), newest first,
 * the size they take and the bundle's download. A snapshot is the live site's markup: it is never shown here,
 * only counted as kept or pruned (it travels inside the bundle alone).
 */
import type { DealEvidence, EvidenceEntry } from '../../evidence/types.js';
import { MESSAGES, type MessageKey } from '../../i18n/index.js';
import { formatBytes } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import type { Sourced } from '../types.js';
import { answerText } from './article-check.js';
import type { ViewContext } from './layout.js';
import { checkFindings } from './obligations.js';
import { preciseTime } from './parts.js';

/** At most this many entries are listed (all of them are in the bundle). */
export const EVIDENCE_ROWS = 100;

/** The bundle's address on the status page. */
export function evidenceHref(ctx: ViewContext, dealId: number): string {
  return `${ctx.base}/deals/${dealId}/evidence`;
}

/** The download button. */
export function downloadButton(ctx: ViewContext, dealId: number): SafeHtml {
  return html`<a class="button primary" href="${evidenceHref(ctx, dealId)}" download data-evidence-download="true">${ctx.t.t('status.evidence.download')}</a>`;
}

export type SnapshotState = 'kept' | 'pruned' | 'skipped' | 'none';

/** Whether the entry's snapshot is on disk, was pruned by a size limit, was never kept, or there was none. */
export function snapshotState(entry: EvidenceEntry, evidence: Pick<DealEvidence, 'pruned'>): SnapshotState {
  const { snapshot } = entry;
  if (snapshot) return evidence.pruned.some((p) => p.file === snapshot.file) ? 'pruned' : 'kept';
  return entry.snapshotSkipped ? 'skipped' : 'none';
}

/** Why the watch ended, in words (src/watch/plan.ts `WatchEnd`); another reason shows as written. */
function endReason(ctx: ViewContext, reason: string): string {
  const key = `status.evidence.ended_reason.${reason}`;
  return Object.hasOwn(MESSAGES, key) ? ctx.t.t(key as MessageKey) : reason;
}

/** A SHA-256 shortened, the full value in its title. */
function shortHash(sha: string | undefined): SafeHtml {
  if (!sha) return html`<span class="muted">–</span>`;
  return html`<code title="${sha}" data-sha256="${sha}">${sha.slice(0, 12)}…</code>`;
}

function columns(ctx: ViewContext) {
  const t = ctx.t.t;
  return {
    time: t('status.evidence.col.time'),
    kind: t('status.evidence.col.kind'),
    answer: t('status.evidence.col.answer'),
    findings: t('status.evidence.col.findings'),
    sha: t('status.evidence.col.sha'),
    snapshot: t('status.evidence.col.snapshot'),
  };
}

function entryRow(ctx: ViewContext, entry: EvidenceEntry, evidence: DealEvidence): SafeHtml {
  const c = columns(ctx);
  const snapshot = snapshotState(entry, evidence);
  return html`<tr data-seq="${entry.seq}" data-kind="${entry.kind}">
<td data-label="${c.time}" class="nowrap">${preciseTime(ctx, entry.check.at)}</td>
<td data-label="${c.kind}">${ctx.t.t(`status.evidence.kind.${entry.kind}`)}</td>
<td data-label="${c.answer}" class="nowrap">${answerText(ctx, entry.check.status)}</td>
<td data-label="${c.findings}" class="wide">${checkFindings(ctx, entry.check)}</td>
<td data-label="${c.sha}" class="nowrap">${shortHash(entry.pageSha256)}</td>
<td data-label="${c.snapshot}" data-snapshot="${snapshot}">${ctx.t.t(`status.evidence.snapshot.${snapshot}`)}</td>
</tr>`;
}

/**
 * The card, when the deal has evidence (or its read failed); nothing without an evidence store or evidence.
 * `downloadable`: a bundler is wired, so the download button is offered, also for a held deal never published
 * (its evidence is `decisions.jsonl` alone: the bundle of a refusal, for an advertiser's complaint).
 */
export function evidenceCard(
  ctx: ViewContext,
  dealId: number,
  evidence: Sourced<DealEvidence | undefined> | undefined,
  downloadable: boolean,
): SafeHtml {
  if (!evidence) return html``;
  if (!evidence.ok) {
    return html`<section class="card" data-evidence="unavailable"><h2>${ctx.t.t('status.evidence.title')}</h2><p class="error-box" role="alert">${ctx.t.t('status.evidence.unavailable', { error: evidence.error })}</p></section>`;
  }
  const e = evidence.value;
  if (!e) return html``;
  const c = columns(ctx);
  const shown = [...e.entries].reverse().slice(0, EVIDENCE_ROWS);
  const ended = e.deal?.watchEnded;
  // A held deal never published: its decisions are its evidence, and the bundle holds them.
  const intro = e.deal ? ctx.t.t('status.evidence.intro') : ctx.t.t('status.evidence.decisions_only');
  return html`<section class="card table-card" data-evidence="${e.entries.length}" data-evidence-decisions="${e.decisions?.length ?? 0}">
<h2 class="pad">${ctx.t.t('status.evidence.title')}</h2><p class="pad hint">${intro}</p>
<p class="pad" data-evidence-bytes="${e.bytes}">${ctx.t.t('status.evidence.size', { size: formatBytes(e.bytes, ctx.t.language) })}</p>
${ended ? html`<p class="pad muted">${ctx.t.t('status.evidence.ended', { time: ctx.t.dateTime(ended.at, ctx.timeZone), reason: endReason(ctx, ended.reason) })}</p>` : ''}
${downloadable ? html`<p class="pad">${downloadButton(ctx, dealId)}</p>${e.deal ? html`<p class="pad hint">${ctx.t.t('status.evidence.download_hint')}</p>` : ''}` : ''}
${
  shown.length === 0
    ? ''
    : html`<table class="cards" data-evidence-entries="${shown.length}"><thead><tr><th>${c.time}</th><th>${c.kind}</th><th>${c.answer}</th><th>${c.findings}</th><th>${c.sha}</th><th>${c.snapshot}</th></tr></thead><tbody>
${shown.map((entry) => entryRow(ctx, entry, e))}
</tbody></table>`
}
${e.entries.length > shown.length ? html`<p class="pad muted">${ctx.t.t('status.evidence.more', { shown: shown.length, total: e.entries.length })}</p>` : ''}
</section>`;
}
