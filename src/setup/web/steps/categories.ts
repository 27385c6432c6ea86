/**
 * Step e, the categories: per blog with categories (a folder of files has none), one of the ways its target
 * offers (src/setup/answers/categories.ts), each explained. The page takes every blog's answer at once, or none;
 * the terminal asks blog by blog, the mapping's pairs on one line separated by commas.
 */

import type { CategoryChoice } from '../../answers/categories.js';
import {
  CategoryAnswer,
  type CategoryForm,
  CategoryMode,
  categoryFields,
  categoryOptions,
  categoryTarget,
} from '../../answers/categories.js';
import { type BlogAnswer, blogsWithCategories } from '../../answers/index.js';
import { readAnswer } from '../../answers/read.js';
import type { SetupDraft } from '../../draft.js';
import { type CategoryPageBlog, renderCategoriesPage } from '../views/categories.js';
import type { SetupStep } from './step.js';

/** The blogs with categories, each with its categories as the marketplace listed them (step b). */
function pageBlogs(draft: SetupDraft, typed?: ReadonlyMap<number, CategoryForm>): CategoryPageBlog[] {
  return blogsWithCategories(draft).map((blog) => ({
    blog,
    marketplace: draft.accountBlogs.find((b) => b.id === blog.id)?.categories ?? [],
    typed: typed?.get(blog.id),
  }));
}

export const categoriesStep: SetupStep = {
  path: '/categories',
  done: (draft) => draft.categoriesDone,
  get(ctx) {
    ctx.send(200, renderCategoriesPage(ctx.view(), { blogs: pageBlogs(ctx.draft) }));
  },
  post(ctx) {
    const { draft, body } = ctx;
    const handled = blogsWithCategories(draft);
    const typed = new Map<number, CategoryForm>(
      handled.map((blog) => [
        blog.id,
        {
          mode: body[`mode-${blog.id}`],
          category: body[`default-${blog.id}`],
          lines: body[`map-${blog.id}`],
        },
      ]),
    );
    const choices: Array<[BlogAnswer, CategoryChoice]> = [];
    for (const blog of handled) {
      const read = readAnswer(CategoryAnswer(blog), typed.get(blog.id));
      if (!read.ok) {
        // Nothing is kept from a refused form; what was typed is shown again.
        const view = ctx.view();
        const error = read.problem[view.t.language];
        return ctx.send(422, renderCategoriesPage(view, { blogs: pageBlogs(draft, typed), error }));
      }
      choices.push([blog, read.value]);
    }
    for (const [blog, choice] of choices) blog.categories = choice;
    draft.categoriesDone = true;
    ctx.next();
  },
  async ask(term) {
    const { t, language } = term;
    for (const blog of blogsWithCategories(term.draft)) {
      const target = categoryTarget(blog);
      if (!target) continue;
      const options = categoryOptions(target);
      const fields = categoryFields(target);
      if (term.interactive) {
        term.say(t.t('setup.categories.intro'));
        for (const o of options) term.say(`  ${o.mode}: ${o.label[language]}. ${o.explain[language]}`);
      }
      const modes = options.map((o) => o.mode).join('/');
      blog.categories = await term.until(async () => {
        const question = `${t.t('setup.categories.title')} (${modes})`;
        const mode = await term.until(async () =>
          readAnswer(CategoryMode(target), await term.ask(question, undefined, '', 'default')),
        );
        // `-`: no category of one's own (the site's default).
        const category =
          mode === 'default' ? await term.ask(fields.category[language], undefined, '', '-') : '';
        const lines = mode === 'map' ? await term.ask(fields.lines[language], undefined, '') : '';
        return readAnswer(CategoryAnswer(blog), {
          mode,
          category: category === '-' ? '' : category,
          lines: lines.replaceAll(',', '\n'),
        });
      });
    }
    term.draft.categoriesDone = true;
  },
};
