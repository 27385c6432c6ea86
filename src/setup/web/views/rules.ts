/**
 * The rules step of /setup, one page per published blog: skip (checked by default) or set the common rules, the
 * fields of the one table (src/status/views/rules-fields.ts, as on the status page's Rules page), what was typed
 * kept after a refusal.
 */
import type { RulesForm } from '../../../rules/fields.js';
import { html, type SafeHtml } from '../../../status/html.js';
import type { ViewContext } from '../../../status/views/layout.js';
import { ruleFields } from '../../../status/views/rules-fields.js';
import type { BlogAnswer } from '../../answers/index.js';
import { SETUP_RULE_FIELDS } from '../../answers/rules.js';
import { csrfField, refusal, setupPage, submit } from './page.js';

export function renderRulesPage(
  ctx: ViewContext,
  data: { blog: BlogAnswer; choice?: string | undefined; form?: RulesForm; error?: string | undefined },
): SafeHtml {
  const title = ctx.t.t('setup.rules.choice', { blog: data.blog.name });
  const set = data.choice === 'set';
  const radio = (value: 'skip' | 'set', label: string, checked: boolean) =>
    html`<p><label><input type="radio" name="choice" value="${value}"${checked ? html` checked` : ''}> ${label}</label></p>`;
  const body = html`<h1>${title}</h1>
<section class="card">${refusal(data.error)}<p>${ctx.t.t('rules.intro')}</p>
<form method="post" action="${ctx.base}/setup/rules/${data.blog.id}">${csrfField(ctx)}
${radio('skip', ctx.t.t('setup.rules.skip'), !set)}${radio('set', ctx.t.t('setup.rules.set'), set)}
<fieldset><legend>${ctx.t.t('rules.title')}</legend>${ruleFields(ctx, data.form ?? {}, SETUP_RULE_FIELDS)}</fieldset>
<p class="hint">${ctx.t.t('setup.rules.later')}</p>
${submit(ctx)}</form></section>`;
  return setupPage(ctx, title, body);
}
