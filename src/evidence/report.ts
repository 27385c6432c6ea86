/**
 * The bundle's `report.html` (pure): a self-contained page in the blogger's language. Every string from the
 * advertiser, the marketplace or the page is escaped (the `html` builder escapes whatever it is not told is
 * markup), URLs are shown as text, never links, and a strict Content-Security-Policy allows no script at all.
 */

import type { ArticleCheck } from '../deals/article-check.js';
import type { DealClaim } from '../deals/claims.js';
import type { Translator } from '../i18n/index.js';
import { html, type SafeHtml, trustedHtml } from '../status/html.js';
import { lookSection } from './report-look.js';
import type { DealEvidence, EvidenceEntry } from './types.js';

export interface ReportSnapshot {
  /** The file's name in the bundle (`snapshots/…`). */
  name: string;
  /** SHA-256 of the bytes in the bundle. */
  sha256: string;
}

export interface ReportInput {
  evidence: DealEvidence;
  claims: readonly DealClaim[];
  /** By entry seq: the snapshot as put in the bundle. */
  snapshots: ReadonlyMap<number, ReportSnapshot>;
  state?: string;
  /** Epoch ms; absent when the deal is not paid. */
  claimWindowEndMs?: number;
  generatedAt: string;
}

type T = Pick<Translator, 't' | 'say' | 'dateTime' | 'money' | 'stateName' | 'language'>;

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:left}
th{background:#f4f4f4}code{word-break:break-all;font-size:13px}.warn{color:#a00;font-weight:bold}
blockquote{white-space:pre-wrap;border-left:4px solid #ccc;margin:.5rem 0;padding:.2rem .8rem}dt{font-weight:bold}`;

function row(label: string, value: SafeHtml | string): SafeHtml {
  return html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
}

/** A check's or a finding's detail: our words in the report's language, else as stored (the English). */
function detailOf(t: T, item: Pick<ArticleCheck, 'detail' | 'detailSaid'>): string {
  return t.say(item.detailSaid ?? item.detail, item.detail);
}

function statusCell(t: T, check: ArticleCheck): string {
  if (check.notModified) return t.t('evidence.report.not_modified');
  return check.status === 0
    ? `${t.t('evidence.report.no_answer')}: ${detailOf(t, check)}`
    : `HTTP ${check.status}`;
}

function findingsCell(t: T, check: ArticleCheck): SafeHtml {
  const findings = check.findings ?? [];
  if (findings.length === 0) return html`${t.t('evidence.report.no_findings')}`;
  return html`<ul>${findings.map(
    (f) => html`<li>${t.t(`watch.finding.${f.kind}`)}: <code>${detailOf(t, f)}</code></li>`,
  )}</ul>`;
}

function linksCell(t: T, check: ArticleCheck): SafeHtml {
  const links = check.advertiserLinks ?? [];
  return html`<ul>${links.map((l) => {
    const state = l.present
      ? t.t('evidence.report.link_present', { rel: l.rel ?? '', text: l.text ?? '' })
      : t.t('evidence.report.link_missing');
    return html`<li><code>${l.href}</code>: ${state}</li>`;
  })}</ul>`;
}

function pageCell(t: T, check: ArticleCheck): SafeHtml {
  const parts: string[] = [];
  if (check.label)
    parts.push(
      t.t(check.label.present ? 'evidence.report.label_present' : 'evidence.report.label_missing', {
        text: check.label.text,
      }),
    );
  const ix = check.indexable;
  if (ix) {
    if (ix.noindexMeta) parts.push(t.t('evidence.report.noindex_meta'));
    if (ix.noindexHeader) parts.push(t.t('evidence.report.noindex_header'));
    if (!ix.noindexMeta && !ix.noindexHeader) parts.push(t.t('evidence.report.index_ok'));
    if (ix.canonical !== undefined) parts.push(t.t('evidence.report.canonical', { url: ix.canonical }));
  }
  return html`${parts.map((p, i) => html`${i > 0 ? html`<br>` : ''}${p}`)}`;
}

function snapshotCell(t: T, input: ReportInput, entry: EvidenceEntry): SafeHtml {
  const inBundle = input.snapshots.get(entry.seq);
  const recorded = entry.snapshot;
  if (recorded && inBundle) {
    const mismatch =
      inBundle.sha256 !== recorded.sha256
        ? html`<br><span class="warn">${t.t('evidence.report.hash_mismatch', { sha: recorded.sha256 })}</span>`
        : '';
    return html`<code>${inBundle.name}</code><br>SHA-256 <code>${inBundle.sha256}</code>${mismatch}`;
  }
  if (recorded) {
    const pruned = input.evidence.pruned.find((p) => p.file === recorded.file);
    return html`${t.t('evidence.report.snapshot_pruned', {
      file: recorded.file,
      time: pruned ? t.dateTime(pruned.at) : '?',
    })}<br>SHA-256 <code>${recorded.sha256}</code>`;
  }
  if (entry.snapshotSkipped) return html`${t.t('evidence.report.snapshot_skipped')}`;
  return html`${t.t('evidence.report.snapshot_none')}`;
}

function entryRows(t: T, input: ReportInput, entry: EvidenceEntry): SafeHtml {
  const { check } = entry;
  const kind = t.t(entry.kind === 'first' ? 'evidence.report.first' : 'evidence.report.change');
  return html`<h3>${entry.seq}. ${t.dateTime(check.at)} (${kind})</h3><table>
${row(t.t('evidence.report.status'), statusCell(t, check))}
${row(t.t('evidence.report.final_url'), html`<code>${check.finalUrl ?? ''}</code>`)}
${row(t.t('evidence.report.findings'), findingsCell(t, check))}
${row(t.t('evidence.report.links'), linksCell(t, check))}
${row(`${t.t('evidence.report.label')} / ${t.t('evidence.report.indexable')}`, pageCell(t, check))}
${row(t.t('evidence.report.text_sha'), html`<code>${check.textSha256 ?? ''}</code>`)}
${row(t.t('evidence.report.page_sha'), html`<code>${entry.pageSha256 ?? ''}</code>`)}
${row(t.t('evidence.report.snapshot'), snapshotCell(t, input, entry))}
</table>`;
}

/** The deal's facts: all of `deal.json`'s, or the id and the state of a deal never published. */
function factRows(t: T, input: ReportInput): Array<SafeHtml | string> {
  const { deal, dealId } = input.evidence;
  const state = input.state ? row(t.t('evidence.report.state'), t.stateName(input.state)) : '';
  if (!deal) return [row(t.t('evidence.report.deal'), String(dealId)), state];
  return [
    row(t.t('evidence.report.deal'), String(deal.dealId)),
    row(t.t('evidence.report.article_title'), deal.title ?? ''),
    row(t.t('evidence.report.blog'), String(deal.blogId)),
    state,
    row(t.t('evidence.report.url'), html`<code>${deal.url}</code>`),
    row(t.t('evidence.report.accepted'), t.dateTime(deal.receivedAt)),
    deal.handedInAt ? row(t.t('evidence.report.handed_in'), t.dateTime(deal.handedInAt)) : '',
    deal.webUrl ? row(t.t('evidence.report.deal_page'), html`<code>${deal.webUrl}</code>`) : '',
    row(
      t.t('evidence.report.paid'),
      deal.paid
        ? `${t.dateTime(deal.paid.at)}${deal.paid.reward !== null ? `, ${t.t('evidence.report.reward', { amount: t.money(deal.paid.reward) })}` : ''}`
        : t.t('evidence.report.not_paid'),
    ),
    input.claimWindowEndMs !== undefined && Number.isFinite(input.claimWindowEndMs)
      ? row(t.t('evidence.report.claim_window'), t.dateTime(new Date(input.claimWindowEndMs)))
      : '',
  ];
}

/** The checks of the live article and how to verify them; for a deal never published, that it never was. */
function checksSection(t: T, input: ReportInput): SafeHtml {
  const { deal, entries, latest } = input.evidence;
  if (!deal) return html`<p data-never-published="true">${t.t('evidence.report.never_published')}</p>`;
  const ended = deal.watchEnded
    ? html`<p>${t.t('evidence.report.watch_ended', { time: t.dateTime(deal.watchEnded.at), reason: deal.watchEnded.reason })}</p>`
    : '';
  const latestLine = latest
    ? html`<p>${t.t('evidence.report.latest')}: ${t.t('evidence.report.latest_detail', {
        time: t.dateTime(latest.check.at),
        status: String(latest.check.status),
        detail: detailOf(t, latest.check),
      })}</p>`
    : '';
  const timeline =
    entries.length === 0
      ? html`<p>${t.t('evidence.report.no_checks')}</p>`
      : entries.map((e) => entryRows(t, input, e));
  return html`${ended}<h2>${t.t('evidence.report.timeline')}</h2>${latestLine}${timeline}
<h2>${t.t('evidence.report.verify')}</h2><p>${t.t('evidence.report.verify_text')}</p>
<pre><code>sha256sum snapshots/*</code></pre>`;
}

export function renderReport(t: T, input: ReportInput): string {
  const title = t.t('evidence.report.title', { deal: input.evidence.dealId });
  const claims =
    input.claims.length === 0
      ? html`<p>${t.t('evidence.report.no_claims')}</p>`
      : input.claims.map(
          (c) =>
            html`<p>${t.t('evidence.report.claim_at', { time: t.dateTime(c.createdAt ?? c.receivedAt) })}${c.truncated ? ` ${t.t('evidence.report.claim_truncated')}` : ''}</p><blockquote>${c.text}</blockquote>`,
        );
  const page = html`<!doctype html>
<html lang="${t.language}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${trustedHtml(STYLE)}</style></head>
<body><h1>${title}</h1><p>${t.t('evidence.report.intro')}</p>
<p>${t.t('evidence.report.generated', { time: t.dateTime(input.generatedAt) })}</p>
<table>${factRows(t, input)}</table>
${lookSection(t, input.evidence.decisions)}
<h2>${t.t('evidence.report.claims')}</h2>${claims}
${checksSection(t, input)}
</body></html>
`;
  return page.value;
}
