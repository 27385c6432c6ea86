/**
 * The /setup notifications step (g). ntfy comes first and is chosen: a new random topic is filled in, and the
 * links that subscribe a phone to it are shown, so the blogger subscribes, sends the test message and sees it
 * arrive before going on. Everything shown is escaped by the `html` tag.
 */
import type { Check } from '../../../checks.js';
import { ntfySubscribeLinks } from '../../../notify/channels/ntfy.js';
import { NTFY_DEFAULT_SERVER } from '../../../notify/settings.js';
import { html, type SafeHtml } from '../../../status/html.js';
import type { ViewContext } from '../../../status/views/layout.js';
import type { NotifyChoice } from '../../answers/notify.js';
import type { SetupText } from '../../wordpress/types.js';
import { checkList, csrfField, field, refusal, setupPage } from './page.js';

export interface NotifyPageData {
  checks: readonly Check<SetupText>[];
  error?: string | undefined;
  /** The option chosen (default ntfy). */
  channel?: NotifyChoice['type'] | undefined;
  /** The ntfy server and topic in the form, valid ones only (the page links them); none: empty fields. */
  ntfy?: { server: string; topic: string } | undefined;
}

/** The links that subscribe a phone to the topic in the form. */
function subscribe(ctx: ViewContext, ntfy: { server: string; topic: string }): SafeHtml {
  const { app, web } = ntfySubscribeLinks(ntfy.server, ntfy.topic);
  return html`<div id="ntfy-subscribe"><p>${ctx.t.t('setup.page.ntfy_phone')}</p>
<ul><li><a href="${app}" rel="noreferrer">${app}</a> ${ctx.t.t('setup.page.ntfy_app_link')}</li>
<li><a href="${web}" rel="noreferrer" target="_blank">${web}</a> ${ctx.t.t('setup.page.ntfy_web_link')}</li></ul></div>`;
}

export function renderNotifyPage(ctx: ViewContext, data: NotifyPageData): SafeHtml {
  const chosen = data.channel ?? 'ntfy';
  const option = (
    value: NotifyChoice['type'],
    key: 'setup.page.notify_none' | 'setup.page.notify_ntfy' | 'setup.page.notify_telegram',
  ) =>
    html`<p><label><input type="radio" name="channel" value="${value}"${chosen === value ? html` checked` : ''}> ${ctx.t.t(key)}</label></p>`;
  const { ntfy } = data;
  const body = html`<h1>${ctx.t.t('setup.page.notify_title')}</h1>
<section class="card"><p>${ctx.t.t('setup.page.notify_intro')}</p>${checkList(ctx, data.checks)}
${refusal(data.error)}
<form method="post" action="${ctx.base}/setup/notify">${csrfField(ctx)}
${option('ntfy', 'setup.page.notify_ntfy')}
${field(ctx.t.t('setup.page.ntfy_topic'), 'topic', ntfy?.topic ?? '', 'text', false)}
${field(ctx.t.t('setup.page.ntfy_server'), 'server', ntfy?.server ?? NTFY_DEFAULT_SERVER, 'url', false)}
${ntfy ? subscribe(ctx, ntfy) : ''}
${option('telegram', 'setup.page.notify_telegram')}
${field(ctx.t.t('setup.page.tg_token'), 'botToken', '', 'password', false)}
${field(ctx.t.t('setup.page.tg_chat'), 'chatId', '', 'text', false)}
${option('none', 'setup.page.notify_none')}
<p><button type="submit" name="action" value="test">${ctx.t.t('setup.page.notify_test')}</button>
<button class="primary" type="submit" name="action" value="save">${ctx.t.t('setup.page.continue')}</button></p>
</form></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.notify_title'), body);
}
