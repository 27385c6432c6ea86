/**
 * Step b, the blogs: where each blog of the account is published (`none`: not by pressbridge). The terminal asks
 * blog by blog; `--blog <ids>` publishes those (to `--target`) and no other, `--yes` without it every blog.
 */
import { BlogTarget, BlogTargets, TARGETS } from '../../answers/blogs.js';
import { readAnswer } from '../../answers/read.js';
import type { SetupDraft } from '../../draft.js';
import { renderBlogsPage } from '../views/start.js';
import type { SetupStep } from './step.js';

/** The account's blogs with the targets chosen; none is kept until at least one is published somewhere. */
function keep(draft: SetupDraft, targets: BlogTargets): void {
  draft.blogs = draft.accountBlogs.map((b) => {
    const target = targets.find((chosen) => chosen.id === b.id)?.target ?? 'none';
    return { id: b.id, name: b.name, url: b.url, target, agent: target !== 'none' };
  });
  draft.categoriesDone = false;
}

export const blogsStep: SetupStep = {
  path: '/blogs',
  done: (draft) => draft.blogs.length > 0,
  get(ctx) {
    const { draft } = ctx;
    if (!ctx.ready() || !draft.marketplace) return ctx.next();
    const chosen = new Map(draft.blogs.map((b) => [b.id, b.target]));
    ctx.send(
      200,
      renderBlogsPage(ctx.view(), { login: draft.marketplace.login, blogs: draft.accountBlogs, chosen }),
    );
  },
  post(ctx) {
    const { draft, body } = ctx;
    if (!ctx.ready() || !draft.marketplace) return ctx.next();
    const form = draft.accountBlogs.map((b) => ({ id: b.id, target: body[`target-${b.id}`] ?? 'none' }));
    const read = readAnswer(BlogTargets, form);
    if (!read.ok) {
      const view = ctx.view();
      const shown = BlogTarget.catch('none');
      const chosen = new Map(form.map((b) => [b.id, shown.parse(b.target)]));
      const error = read.problem[view.t.language];
      return ctx.send(
        422,
        renderBlogsPage(view, { login: draft.marketplace.login, blogs: draft.accountBlogs, chosen, error }),
      );
    }
    keep(draft, read.value);
    ctx.next();
  },
  async ask(term) {
    const { options, t, draft } = term;
    const wanted = options.blog?.split(',').map((s) => Number(s.trim()));
    /** The flags' answer for a blog: `--blog` names those published; `--yes` alone, every blog. */
    const given = (id: number): string | undefined => {
      if (wanted) return wanted.includes(id) ? options.target : 'none';
      return options.yes ? options.target : undefined;
    };
    const question = `${t.t('setup.page.blog_target')} (${TARGETS.join('/')})`;
    const targets = await term.until(async (first) => {
      const form = [];
      for (const b of draft.accountBlogs) {
        term.say(`${b.id}: ${b.name} (${b.url})`);
        const target = await term.until(async (firstTry) => {
          const flag = first && firstTry ? given(b.id) : undefined;
          return readAnswer(BlogTarget, await term.ask(question, flag, '--target', 'wordpress'));
        });
        form.push({ id: b.id, target });
      }
      return readAnswer(BlogTargets, form);
    });
    keep(draft, targets);
  },
};
