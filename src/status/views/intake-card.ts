/** The intake's line for the System/overview cards: which intake runs and its share of the key's requests. */
import { type Intake, pollEvery } from '../../intake/mode.js';
import { html, type SafeHtml } from '../html.js';
import type { ViewContext } from './layout.js';

export function intakeCard(ctx: ViewContext, intake: Intake | undefined): SafeHtml {
  if (!intake) return html``;
  const { t } = ctx;
  const every = pollEvery(intake);
  let line: string;
  if (every === undefined) line = t.t('status.intake.webhook');
  else {
    const params = { every, perMinute: intake.requestsPerMinute, budget: intake.budgetPerMinute };
    line = t.t(intake.mode === 'both' ? 'status.intake.both' : 'status.intake.poll', params);
  }
  return html`<section class="card" id="intake" data-card="intake"><h2>${t.t('status.intake.title')}</h2><p>${line}</p></section>`;
}
