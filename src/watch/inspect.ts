/**
 * One check of a live article (pure of Redis and the deal store): GET it (./fetch-page.ts) in the site's turn
 * (./pace.ts), with the previous answer's validators, asked again after `retryMs` when it does not answer 200
 * or 304, then read the page in a render thread (src/render/pool.ts) and record what it proves (./findings.ts).
 *
 * - a refusal (401, 403, 407, 429) → `refused`: nothing is known about the article;
 * - 304 Not Modified → unchanged: the previous check's facts and lasting findings are carried over;
 * - no 200 (also after the retry; a refused redirect included) → finding and problem `gone`;
 * - a page that cannot be read within the limits → `unreadable`: nothing is known either. The read runs in a
 *   render thread within the render time budget, so a hostile page (a theme's or an ad's markup) costs a thread
 *   that budget at most, never the daemon's event loop; a page longer than `watch.maxBytes` is read up to it,
 *   and links missing from that part are unknown, not lost (a false alarm would tell the blogger to act);
 * - else the page's proof and its findings (link lost or changed, label gone, noindex, canonical moved, text
 *   edited); `ok` when none of them is a problem (./findings.ts `problemOf`).
 */
import type { Clock } from '../clock.js';
import type { ArticleCheck, Finding } from '../deals/article-check.js';
import type { Phrase } from '../errors.js';
import { sayFrom } from '../i18n/catalog.js';
import { watchMessages } from '../i18n/messages/watch.js';
import type { PageRead, PageReadOptions } from '../render/pool.js';
import { fetchPage, type PageAnswer } from './fetch-page.js';
import { type Delivered, pageProof, problemOf } from './findings.js';
import type { SitePace } from './pace.js';
import { watchUserAgent } from './pace.js';

/** Answers that refuse the check rather than tell about the article. */
const REFUSALS: ReadonlySet<number> = new Set([401, 403, 407, 429]);

export interface InspectorOptions {
  /** Time of the check, and the pause before the confirming GET. */
  clock: Clock;
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
  retryMs: number;
  /** The watcher's current abort signal (a new one after each start). */
  signal: () => AbortSignal;
  /** The page's facts, read off the event loop (src/render/pool.ts `RenderPool.readPage`). */
  readPage: (html: string, ask: Omit<PageReadOptions, 'timeBudgetMs'>) => Promise<PageRead>;
  /** The time budget the read runs within, for the detail of an `unreadable` check. */
  timeBudgetMs: number;
  /** One request per site at a time (./pace.ts). */
  pace: SitePace;
}

/** A check and what the evidence keeps of the page it read (src/evidence/types.ts `CheckEvidence`). */
export interface Inspection {
  check: ArticleCheck;
  /** SHA-256 of the body as fetched (a 200 that was read). */
  pageSha256?: string;
  /** The article part of the page exactly as served (page-facts `textRange`), when the page was read. */
  articleHtml?: string;
}

/** A detail's English, for the log and the evidence (the catalog's `watch.detail.*`). */
const english = (said: Phrase): string => sayFrom(watchMessages, 'en', said);

const lasting = (findings: readonly Finding[] | undefined) =>
  (findings ?? []).filter((finding) => finding.kind !== 'text_edited');

const detailOf = (findings: readonly Finding[]) =>
  findings.map((finding) => `${finding.kind}: ${finding.detail}`).join('; ');

export function createInspector(options: InspectorOptions) {
  async function answerOf(url: string, previous: ArticleCheck | undefined): Promise<PageAnswer> {
    const fetchOptions = {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      fetch: options.fetch,
      signal: options.signal(),
      userAgent: watchUserAgent(url),
      // Only a page that was read in full may be answered "not modified": its facts are carried over.
      ...(previous?.validators && previous.textSha256 !== undefined
        ? { validators: previous.validators }
        : {}),
    };
    await options.pace.turn(url, options.signal());
    const first = await fetchPage(url, fetchOptions);
    if (first.status === 200 || first.status === 304) return first;
    if (options.retryMs > 0) await options.clock.sleep(options.retryMs, options.signal());
    await options.pace.turn(url, options.signal());
    return await fetchPage(url, fetchOptions);
  }

  return async function inspect(
    url: string,
    delivered: Delivered,
    previous?: ArticleCheck,
  ): Promise<Inspection> {
    const answer = await answerOf(url, previous);
    const result = await checkOf(answer, delivered, previous);
    if (answer.html === undefined || answer.bodySha256 === undefined) return { check: result.check };
    const range = result.read?.facts.textRange;
    return {
      check: result.check,
      pageSha256: answer.bodySha256,
      ...(range ? { articleHtml: answer.html.slice(range[0], range[1]) } : {}),
    };
  };

  async function checkOf(
    answer: PageAnswer,
    delivered: Delivered,
    previous: ArticleCheck | undefined,
  ): Promise<{ check: ArticleCheck; read?: Extract<PageRead, { ok: true }> }> {
    const base = {
      at: options.clock.now().toISOString(),
      status: answer.status,
      finalUrl: answer.finalUrl,
      missing: [],
      links: delivered.links.length,
      ...(answer.validators ? { validators: answer.validators } : {}),
    };
    if (REFUSALS.has(answer.status)) {
      return { check: { ...base, ok: false, refused: true, detail: `HTTP ${answer.status}` } };
    }
    if (answer.status === 304 && previous) {
      const findings = lasting(previous.findings);
      const problem = problemOf(findings);
      // The previous check's words are not this one's: its detail is written again below.
      const { detailSaid: _previousSaid, ...carried } = previous;
      const check: ArticleCheck = {
        ...carried,
        ...base,
        validators: answer.validators ?? previous.validators ?? {},
        missing: previous.missing,
        notModified: true,
        findings,
        ok: problem === undefined,
        ...(problem ? { problem } : {}),
        detail: findings.length > 0 ? detailOf(findings) : 'HTTP 304',
      };
      return { check };
    }
    if (answer.status !== 200 || answer.html === undefined) {
      const detail = answer.error ?? `HTTP ${answer.status}`;
      const said = answer.errorSaid === undefined ? {} : { detailSaid: answer.errorSaid };
      const findings: Finding[] = [{ kind: 'gone', detail, ...said }];
      return { check: { ...base, ok: false, problem: 'gone', findings, detail, ...said } };
    }
    const read = await options.readPage(answer.html, {
      links: delivered.links,
      texts: delivered.reference.map((link) => link.text),
      ...(delivered.label === undefined ? {} : { label: delivered.label }),
    });
    if (!read.ok) {
      const said: Phrase = { key: 'watch.detail.time_budget', params: { ms: options.timeBudgetMs } };
      return { check: { ...base, ok: false, unreadable: true, detail: english(said), detailSaid: said } };
    }
    const proof = pageProof(read.facts, answer, delivered, previous);
    if (answer.truncated && proof.missing.length > 0) {
      const said: Phrase = {
        key: 'watch.detail.truncated',
        params: { bytes: options.maxBytes, missing: proof.missing.length },
      };
      return { check: { ...base, ok: false, unreadable: true, detail: english(said), detailSaid: said } };
    }
    const problem = problemOf(proof.findings);
    const check: ArticleCheck = {
      ...base,
      ...proof,
      ok: problem === undefined,
      ...(problem ? { problem } : {}),
      detail: proof.findings.length > 0 ? detailOf(proof.findings) : 'HTTP 200',
    };
    return { check, read };
  }
}
