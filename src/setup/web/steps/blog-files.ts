/**
 * Step d for a blog published as files, on both fronts: a GitHub repository (the engine's `connectGitHub` finds
 * its preset; with the generic one, where the article and its photos go is asked next) or a folder of files.
 */
import type { BlogAnswer } from '../../answers/index.js';
import { readAnswer } from '../../answers/read.js';
import { GenericPaths, GitHubRepo, StaticAnswer } from '../../answers/targets.js';
import type { TerminalContext } from '../../terminal-context.js';
import { renderGitHubPage, renderStaticPage } from '../views/targets.js';
import type { StepContext } from './step.js';

export function filesPage(ctx: StepContext, blog: BlogAnswer) {
  if (blog.target === 'github') {
    const askPaths = blog.github?.preset === 'generic' && blog.github.generic === undefined;
    return ctx.send(200, renderGitHubPage(ctx.view(), { blog, askPaths }));
  }
  ctx.send(200, renderStaticPage(ctx.view(), { blog }));
}

export async function postGitHub(ctx: StepContext, blog: BlogAnswer): Promise<void> {
  const { body, deps } = ctx;
  const form = { repo: body.repo, token: body.token, branch: body.branch, siteUrl: body.siteUrl };
  const read = readAnswer(GitHubRepo, form);
  // A refused token or a repository it cannot see: named, nothing kept.
  const connected = read.ok ? await deps.engine.connectGitHub(read.value) : read;
  if (!connected.ok) {
    const view = ctx.view();
    return ctx.send(422, renderGitHubPage(view, { blog, error: connected.problem[view.t.language] }));
  }
  blog.github = connected.value;
  ctx.redirect('');
}

export function postGitHubPaths(ctx: StepContext, blog: BlogAnswer) {
  const { body } = ctx;
  if (!blog.github) return ctx.redirect('');
  const read = readAnswer(GenericPaths, body);
  if (!read.ok) {
    const view = ctx.view();
    const error = read.problem[view.t.language];
    return ctx.send(422, renderGitHubPage(view, { blog, error, askPaths: true }));
  }
  blog.github = { ...blog.github, generic: read.value };
  ctx.redirect('');
}

export function postStatic(ctx: StepContext, blog: BlogAnswer) {
  const read = readAnswer(StaticAnswer, { dir: ctx.body.dir, baseUrl: ctx.body.baseUrl });
  if (!read.ok) {
    const view = ctx.view();
    return ctx.send(422, renderStaticPage(view, { blog, error: read.problem[view.t.language] }));
  }
  blog.static = read.value;
  ctx.redirect('');
}

/** The terminal: the repository until GitHub takes it, then the generic preset's paths when no generator was told. */
export async function askGitHub(term: TerminalContext, blog: BlogAnswer): Promise<void> {
  const { t } = term;
  const github = await term.until(async () => {
    const repo = await term.until(async () =>
      readAnswer(GitHubRepo, {
        repo: await term.ask(t.t('setup.page.gh_repo'), undefined, '--blog'),
        token: await term.secret(t.t('setup.page.gh_token'), undefined, '--blog'),
        siteUrl: await term.ask(t.t('setup.page.site_url'), undefined, '--blog', blog.url),
      }),
    );
    return term.engine.connectGitHub(repo);
  });
  if (github.preset !== 'generic') {
    blog.github = github;
    return;
  }
  term.say(t.t('setup.github.paths_needed'));
  const generic = await term.until(async () =>
    readAnswer(GenericPaths, {
      article: await term.ask(t.t('setup.page.gh_article'), undefined, '--blog'),
      images: await term.ask(t.t('setup.page.gh_images'), undefined, '--blog'),
      imageUrl: await term.ask(t.t('setup.page.gh_image_url'), undefined, '--blog'),
      urlPattern: await term.ask(t.t('setup.page.gh_url_pattern'), undefined, '--blog'),
    }),
  );
  blog.github = { ...github, generic };
}

export async function askStatic(term: TerminalContext, blog: BlogAnswer): Promise<void> {
  const { t } = term;
  blog.static = await term.until(async () =>
    readAnswer(StaticAnswer, {
      dir: await term.ask(t.t('setup.page.static_dir'), undefined, '--blog'),
      baseUrl: await term.ask(t.t('setup.page.site_url'), undefined, '--blog', blog.url),
    }),
  );
}
