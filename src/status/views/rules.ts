/**
 * GET /blogs/:id/rules: one blog's rules in plain words and the form that edits them (the fields of
 * src/rules/fields.ts through ./rules-fields.ts). A refused save shows the form again as typed, with why.
 */
import type { RulesForm } from '../../rules/fields.js';
import type { BlogRules } from '../../rules/settings.js';
import { html, type SafeHtml } from '../html.js';
import { CSRF_FIELD } from '../security.js';
import { layout, type ViewContext } from './layout.js';
import { ruleFields, rulesInWords } from './rules-fields.js';

export interface RulesPageData {
  blogId: number;
  blogName: string;
  rules: BlogRules | undefined;
  /** The form's values: the rules in force, or what was typed before a refusal. */
  form: RulesForm;
  /** Saving is possible (the daemon knows its config file). */
  editable: boolean;
  /** Why the save was refused, in the page's language. */
  error?: string | undefined;
}

export function renderRulesPage(ctx: ViewContext, data: RulesPageData): SafeHtml {
  const title = ctx.t.t('rules.title_blog', { blog: data.blogName });
  const action = `${ctx.base}/blogs/${data.blogId}/rules`;
  const form = data.editable
    ? html`<form method="post" action="${action}"><input type="hidden" name="${CSRF_FIELD}" value="${ctx.csrf}">
${ruleFields(ctx, data.form)}
<p><button class="primary" type="submit">${ctx.t.t('rules.save')}</button></p></form>`
    : html`<p class="muted">${ctx.t.t('rules.not_editable')}</p>`;
  return layout(ctx, {
    title,
    current: 'system',
    body: html`<h1>${title}</h1>
${data.error ? html`<p class="flash bad" role="alert" id="rules-error">${data.error}</p>` : ''}
<section class="card"><h2>${ctx.t.t('rules.title')}</h2>${rulesInWords(ctx, data.rules)}</section>
<section class="card"><p class="muted">${ctx.t.t('rules.intro')}</p>${form}</section>`,
  });
}

/** The System page's card: a link to each blog's Rules page. */
export function rulesCard(ctx: ViewContext): SafeHtml {
  const links = [...ctx.blogNames].map(
    ([id, name]) => html`<li><a href="${ctx.base}/blogs/${id}/rules">${name}</a></li>`,
  );
  return html`<section class="card" id="rules"><h2>${ctx.t.t('rules.title')}</h2><p class="muted">${ctx.t.t('rules.card')}</p><ul>${links}</ul></section>`;
}
