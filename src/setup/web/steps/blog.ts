/**
 * Steps c and d, each published blog's target, one page per blog (`/blog/<id>`): WordPress (./blog-wordpress.ts),
 * a GitHub repository or a folder of files (./blog-files.ts). Answered once every blog's publisher has all the
 * options it needs (src/setup/draft.ts `blogReady`); the terminal asks blog by blog.
 */
import type { BlogAnswer } from '../../answers/index.js';
import { blogReady } from '../../draft.js';
import { askGitHub, askStatic, filesPage, postGitHub, postGitHubPaths, postStatic } from './blog-files.js';
import {
  askWordPress,
  discoverWordPress,
  pasteWordPress,
  wordpressCallback,
  wordpressPage,
} from './blog-wordpress.js';
import type { SetupStep, StepContext } from './step.js';

/** The blog's forms, by what follows `/blog/<id>/` in their address. */
const FORMS: ReadonlyMap<string, (ctx: StepContext, blog: BlogAnswer) => void | Promise<void>> = new Map([
  ['wordpress/discover', discoverWordPress],
  ['wordpress/paste', pasteWordPress],
  ['github', postGitHub],
  ['github/paths', postGitHubPaths],
  ['static', postStatic],
]);

function blogOf(ctx: StepContext): BlogAnswer | undefined {
  return ctx.draft.blogs.find((b) => String(b.id) === ctx.req.params.id);
}

export const blogStep: SetupStep = {
  path: '/blog/:id',
  done: (draft) => draft.blogs.every(blogReady),
  at(draft) {
    const pending = draft.blogs.find((b) => !blogReady(b));
    return pending ? `/blog/${pending.id}` : '/blogs';
  },
  get(ctx) {
    const blog = blogOf(ctx);
    if (!blog || blog.target === 'none') return ctx.redirect('');
    if (blog.target === 'wordpress') return wordpressPage(ctx, blog, 200);
    filesPage(ctx, blog);
  },
  forms: [...FORMS.keys()],
  async post(ctx) {
    const blog = blogOf(ctx);
    const form = FORMS.get(ctx.action);
    // The blog's page has no form of its own: every form is one of FORMS.
    if (!form) return void ctx.res.status(404).type('text').send('Not found');
    if (!blog) return ctx.redirect('');
    await form(ctx, blog);
  },
  callback: { path: '/blog/:id/wordpress/back', get: (ctx) => wordpressCallback(ctx, blogOf(ctx)) },
  async ask(term) {
    for (const blog of term.draft.blogs.filter((b) => !blogReady(b))) {
      switch (blog.target) {
        case 'wordpress':
          await askWordPress(term, blog);
          break;
        case 'github':
          await askGitHub(term, blog);
          break;
        case 'static':
          await askStatic(term, blog);
          break;
        case 'none':
          break;
      }
    }
  },
};
