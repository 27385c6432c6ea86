/** The deal page's card for the live article check (src/watch/): the last check and what it found. */

import { type ArticleCheck, type Finding, readArticleCheck } from '../../deals/article-check.js';
import { readDealData } from '../../deals/data.js';
import type { DealRecord } from '../../deals/record.js';
import { html, type SafeHtml } from '../html.js';
import type { ViewContext } from './layout.js';
import { exactTime } from './parts.js';

/** What a check came to: its problem, or ok / refused / unreadable (those two say nothing about the article). */
export type CheckOutcome = 'ok' | 'refused' | 'unreadable' | 'gone' | 'links' | 'page';

export function checkOutcome(check: ArticleCheck): CheckOutcome {
  if (check.ok) return 'ok';
  if (check.refused) return 'refused';
  if (check.unreadable) return 'unreadable';
  return check.problem ?? 'gone';
}

/** The findings in words (`watch.finding.*`), each with its language-neutral detail: the one home of these words. */
export function findingItems(ctx: ViewContext, findings: readonly Finding[]): SafeHtml[] {
  return findings.map(
    (f) => html`<li>${ctx.t.t(`watch.finding.${f.kind}`)}: <code>${detailText(ctx, f)}</code></li>`,
  );
}

/** A check's or a finding's detail: our words (a network reason, a limit) in the reader's language, else as stored. */
export function detailText(ctx: ViewContext, item: Pick<ArticleCheck, 'detail' | 'detailSaid'>): string {
  return ctx.t.say(item.detailSaid ?? item.detail, item.detail);
}

/** What the site answered: `HTTP 404`, or "no answer". */
export function answerText(ctx: ViewContext, status: number): string {
  return status > 0 ? `HTTP ${status}` : ctx.t.t('watch.card.no_answer');
}

export function articleCheckCard(ctx: ViewContext, r: DealRecord): SafeHtml {
  const { t } = ctx.t;
  const check = readArticleCheck(r.data);
  const paid = readDealData(r.data).paid !== undefined;
  if (!check && (r.state !== 'handed_in' || paid)) return html``;
  const title = html`<h2>${t('watch.card.title')}</h2>`;
  if (!check)
    return html`<section class="card" data-article-check="none">${title}<p class="muted">${t('watch.card.not_yet')}</p></section>`;
  const finding = check.ok
    ? html`<p>${t('watch.card.ok', { count: check.links })}</p>`
    : check.refused
      ? html`<p>${t('watch.card.refused', { detail: detailText(ctx, check) })}</p>`
      : check.unreadable
        ? html`<p>${t('watch.card.unreadable', { detail: detailText(ctx, check) })}</p>`
        : check.problem === 'page'
          ? html`<p>${t('watch.card.page')}</p><ul>${findingItems(ctx, check.findings ?? [])}</ul>`
          : check.problem === 'links'
            ? html`<p>${t('watch.card.links')}</p><ul>${
                check.findings
                  ? findingItems(
                      ctx,
                      check.findings.filter((f) => f.kind !== 'text_edited'),
                    )
                  : check.missing.map((href) => html`<li><code>${href}</code></li>`)
              }</ul><p class="hint">${t('watch.card.links_hint')}</p>`
            : html`<p>${t('watch.card.gone', { detail: detailText(ctx, check) })}</p><p class="hint">${t('watch.card.gone_hint')}</p>`;
  const status = answerText(ctx, check.status);
  const kind = checkOutcome(check);
  // Refused and unreadable say nothing about the article: no alarm colour.
  const box = check.ok || check.refused || check.unreadable ? '' : ' error-box';
  return html`<section class="card${box}" data-article-check="${kind}">${title}
${finding}
<dl class="kv">
<dt>${t('watch.card.last_check')}</dt><dd>${exactTime(ctx, check.at)}</dd>
<dt>${t('watch.card.answer')}</dt><dd>${status}</dd>
</dl>${paid ? html`<p class="muted">${t('watch.card.paid')}</p>` : ''}</section>`;
}
