/**
 * The last /setup pages: the intake (f), the finish with agent publishing and the status page password (h), and
 * the end with doctor's checks. Everything shown is escaped by the `html` tag.
 */
import type { Check } from '../../../checks.js';
import { html, type SafeHtml } from '../../../status/html.js';
import type { ViewContext } from '../../../status/views/layout.js';
import type { BlogAnswer } from '../../answers/index.js';
import type { SetupText } from '../../wordpress/types.js';
import { checkList, csrfField, field, refusal, setupPage, submit } from './page.js';

/** The intake step; `webhookPort` 0 (any free port, as tests start it) shows as an empty field: it keeps it. */
export function renderIntakePage(
  ctx: ViewContext,
  data: { webhookPort: number; error?: string | undefined },
): SafeHtml {
  const body = html`<h1>${ctx.t.t('setup.page.intake_title')}</h1>
<section class="card">${refusal(data.error)}
<form method="post" action="${ctx.base}/setup/intake">${csrfField(ctx)}
<p><label><input type="radio" name="intake" value="poll" checked> ${ctx.t.t('setup.page.intake_poll')}</label></p>
<p><label><input type="radio" name="intake" value="webhook"> ${ctx.t.t('setup.page.intake_webhook')}</label></p>
${field(ctx.t.t('setup.page.webhook_url'), 'webhookUrl', '', 'url', false)}
${field(ctx.t.t('setup.page.webhook_port'), 'webhookPort', data.webhookPort > 0 ? String(data.webhookPort) : '', 'number', false)}
<p class="muted">${ctx.t.t('setup.page.webhook_port_note')}</p>
${submit(ctx)}</form></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.intake_title'), body);
}

export function renderFinishPage(
  ctx: ViewContext,
  data: { blogs: readonly BlogAnswer[]; needsPassword: boolean; error?: string | undefined },
): SafeHtml {
  const body = html`<h1>${ctx.t.t('setup.page.finish_title')}</h1>
<section class="card">${refusal(data.error)}
<form method="post" action="${ctx.base}/setup/finish">${csrfField(ctx)}
<p>${ctx.t.t('setup.page.agent_intro')}</p>
${data.blogs.map((b) => html`<p><label><input type="checkbox" name="agent-${b.id}" value="on" checked> ${b.name}</label></p>`)}
${data.needsPassword ? html`<p>${ctx.t.t('setup.page.password_intro')}</p>${field(ctx.t.t('setup.page.status_password'), 'password', '', 'password')}` : ''}
${submit(ctx, 'setup.page.finish')}</form></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.finish_title'), body);
}

export function renderDonePage(
  ctx: ViewContext,
  data: {
    finish: readonly Check<SetupText>[];
    doctor: readonly Check[];
    configPath: string;
    statusUrl: string;
  },
): SafeHtml {
  const body = html`<h1>${ctx.t.t('setup.page.done_title')}</h1>
<section class="card"><p>${ctx.t.t('setup.page.done_intro', { path: data.configPath })}</p>
${checkList(ctx, data.finish)}</section>
<section class="card"><h2>${ctx.t.t('setup.page.doctor_title')}</h2>
${checkList(ctx, data.doctor, 'doctor')}
<p><a class="button" href="${data.statusUrl}">${ctx.t.t('setup.page.open_status')}</a></p></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.done_title'), body);
}
