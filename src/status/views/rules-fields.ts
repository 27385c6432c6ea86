/**
 * The blogger's rules as HTML, for the status page's Rules page (./rules.ts) and the setup's rules step
 * (src/setup/web/views/rules.ts): the form's fields from the one table (src/rules/fields.ts), and the rules in
 * plain words. Every value typed is escaped by the `html` tag.
 */
import { RULE_FIELDS, type RuleField, type RulesForm } from '../../rules/fields.js';
import type { BlogRules } from '../../rules/settings.js';
import { html, type SafeHtml } from '../html.js';
import type { ViewContext } from './layout.js';

function input(ctx: ViewContext, field: RuleField, value: string): SafeHtml {
  const id = `rule-${field.key}`;
  const described = html` id="${id}" aria-describedby="${id}-hint"`;
  switch (field.kind) {
    case 'list':
      return html`<textarea name="${field.key}"${described} rows="3" cols="40">${value}</textarea>`;
    case 'yesNo': {
      const option = (v: string, label: string) =>
        html`<option value="${v}"${value === v ? html` selected` : ''}>${label}</option>`;
      return html`<select name="${field.key}"${described}>${option('', ctx.t.t('rules.no_rule'))}${option('yes', ctx.t.t('rules.yes'))}${option('no', ctx.t.t('rules.no'))}</select>`;
    }
    default:
      return html`<input name="${field.key}" type="text"${described} value="${value}" autocomplete="off"${field.kind === 'numbers' ? '' : html` inputmode="numeric"`}>`;
  }
}

/** The form's fields (`fields`: a subset of the table, default every one), each with what was typed or is set. */
export function ruleFields(
  ctx: ViewContext,
  form: RulesForm,
  fields: readonly RuleField[] = RULE_FIELDS,
): SafeHtml {
  return html`${fields.map(
    (field) =>
      html`<p><label for="rule-${field.key}">${ctx.t.t(field.label)}</label><br>${input(ctx, field, form[field.key] ?? '')}<br><small class="hint" id="rule-${field.key}-hint">${ctx.t.t(field.hint)}</small></p>`,
  )}`;
}

function shown(ctx: ViewContext, field: RuleField, value: unknown): string {
  if (typeof value === 'number' && field.kind === 'kc') return ctx.t.money(value);
  if (typeof value === 'boolean') return ctx.t.t(value ? 'rules.yes' : 'rules.no');
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return ctx.t.number(value);
  return String(value);
}

/** The rules in plain words: each rule set with its value; none: "no rules, everything fits". */
export function rulesInWords(ctx: ViewContext, rules: BlogRules | undefined): SafeHtml {
  const set = RULE_FIELDS.filter((field) => rules?.[field.key] !== undefined);
  if (set.length === 0) return html`<p id="rules-now">${ctx.t.t('rules.none')}</p>`;
  return html`<dl id="rules-now">${set.map(
    (field) =>
      html`<dt>${ctx.t.t(field.label)}</dt><dd data-rule="${field.key}">${shown(ctx, field, rules?.[field.key])}</dd>`,
  )}</dl>`;
}
