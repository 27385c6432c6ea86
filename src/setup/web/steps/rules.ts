/**
 * The rules step, after the blogs and their categories: per published blog, skip (the default: no rules,
 * everything fits) or set the common rules (src/setup/answers/rules.ts). The page asks blog by blog
 * (`/rules/<id>`); the terminal asks the same fields with the same words, Enter or `-` for no rule, and with
 * `--yes` skips (rules are then set on the status page's Rules page).
 */
import { type BlogAnswer, handledBlogs } from '../../answers/index.js';
import { readRulesAnswer, rulesPart, rulesPartKey, SETUP_RULE_FIELDS } from '../../answers/rules.js';
import type { SetupDraft } from '../../draft.js';
import { renderRulesPage } from '../views/rules.js';
import type { SetupStep, StepContext } from './step.js';

const pending = (draft: SetupDraft): BlogAnswer | undefined =>
  handledBlogs(draft).find((blog) => !draft.configParts.has(rulesPartKey(blog.id)));

const blogOf = (ctx: StepContext): BlogAnswer | undefined =>
  handledBlogs(ctx.draft).find((b) => String(b.id) === ctx.req.params.id);

export const rulesStep: SetupStep = {
  path: '/rules/:id',
  done: (draft) => pending(draft) === undefined,
  at(draft) {
    const blog = pending(draft);
    return blog ? `/rules/${blog.id}` : '/blogs';
  },
  get(ctx) {
    const blog = blogOf(ctx);
    if (!blog) return ctx.next();
    ctx.send(200, renderRulesPage(ctx.view(), { blog }));
  },
  post(ctx) {
    const blog = blogOf(ctx);
    if (!blog) return ctx.next();
    const { body } = ctx;
    const form = Object.fromEntries(SETUP_RULE_FIELDS.map((f) => [f.key, body[f.key]]));
    const read = readRulesAnswer(body.choice, form);
    if (!read.ok) {
      const view = ctx.view();
      const error = read.problem[view.t.language];
      return ctx.send(422, renderRulesPage(view, { blog, choice: body.choice, form, error }));
    }
    ctx.draft.configParts.set(rulesPartKey(blog.id), rulesPart(blog.id, read.value));
    ctx.next();
  },
  async ask(term) {
    const { t } = term;
    for (const blog of handledBlogs(term.draft)) {
      const rules = await term.until(async () => {
        const choice = await term.ask(
          t.t('setup.rules.terminal_choice', { blog: blog.name }),
          undefined,
          '',
          'skip',
        );
        if (choice !== 'set') return readRulesAnswer(choice, {});
        const form: Record<string, string> = {};
        for (const field of SETUP_RULE_FIELDS) {
          const question = t.t('setup.rules.terminal_field', {
            field: t.t(field.label),
            hint: t.t(field.hint),
          });
          form[field.key] = await term.ask(question, undefined, '', '-');
        }
        return readRulesAnswer(choice, form);
      });
      term.draft.configParts.set(rulesPartKey(blog.id), rulesPart(blog.id, rules));
    }
  },
};
