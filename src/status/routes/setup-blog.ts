/**
 * The per-blog /setup steps: WordPress (c) through the WordPressConnection (the authorization page and its
 * callback, or the pasted password, then verify's checks), GitHub (d), a folder, and the categories (e).
 */

import type { Request, RequestHandler, Response, Router } from 'express';
import type { Check } from '../../checks.js';
import { errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { GitHubSetupError } from '../../setup/actions.js';
import type { BlogAnswer, CategoryChoice, GitHubAnswer } from '../../setup/answers.js';
import { blogsWithCategories } from '../../setup/answers.js';
import { readCategoryAnswer } from '../../setup/categories.js';
import type { SetupDraft } from '../../setup/draft.js';
import type { SetupEngine } from '../../setup/engine.js';
import { both, inLanguage } from '../../setup/text.js';
import { WordPressAuthorizationError } from '../../setup/wordpress/authorize.js';
import type { SetupText, WordPressCredentials } from '../../setup/wordpress/types.js';
import { html } from '../html.js';
import { setupPage } from '../views/setup.js';
import { type CategoryBlog, type CategoryTyped, renderCategoriesPage } from '../views/setup-categories.js';
import { renderGitHubPage, renderStaticPage, renderWordPressPage } from '../views/setup-steps.js';
import { bodyOf, type SetupGuard } from './setup-guard.js';

interface BlogRouteDeps {
  engine: SetupEngine;
  draft: SetupDraft;
  guard: SetupGuard;
  log: Logger;
}

/** A refused authorization or callback as a check (its sentence says what to do), anything else rethrown. */
function authorizationCheck(error: unknown): Check<SetupText> {
  if (error instanceof WordPressAuthorizationError)
    return { id: 'authorization', status: 'fail', detail: error.text };
  throw error;
}

const REPO = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

export function blogRoutes(deps: BlogRouteDeps): { callback: RequestHandler; mount(router: Router): void } {
  const { draft, guard, engine } = deps;
  const view = (req: Request, res: Response) => guard.view(req, res, draft.language);
  const blogOf = (req: Request): BlogAnswer | undefined =>
    draft.blogs.find((b) => String(b.id) === req.params.id);
  const origin = (req: Request): string => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

  const wordpressPage = (req: Request, res: Response, blog: BlogAnswer, status: number): void => {
    const discovery = draft.discoveries.get(blog.id);
    const checks = [...(draft.blogChecks.get(blog.id) ?? [])];
    let authorizationUrl: string | undefined;
    // A connected blog's page shows its checks and the way on: no new authorization.
    if (discovery?.authorizationUrl && !blog.wordpress) {
      // The state: only this browser, shown this page as the token holder, can come back with it.
      const state = guard.browserState(req, res);
      const back = `${origin(req)}/setup/blog/${blog.id}/wordpress/back?state=${state}`;
      try {
        authorizationUrl = engine.wordpressAuthorizationLink(discovery, back, `${back}&rejected=1`);
      } catch (error) {
        checks.push(authorizationCheck(error));
      }
    }
    const data = {
      blog,
      checks,
      ...(discovery ? { discovery } : {}),
      ...(authorizationUrl ? { authorizationUrl } : {}),
    };
    guard.send(res, status, renderWordPressPage(view(req, res), data));
  };

  /**
   * Verifies the credentials; when every check passes the blog's WordPress answer is kept, else none is (a failed
   * check stops the setup at this blog). Either way the checks are kept for the blog's page, which shows them
   * before the setup goes on, as the terminal prints them.
   */
  const connect = async (blog: BlogAnswer, credentials: WordPressCredentials): Promise<boolean> => {
    let checks: Check<SetupText>[];
    // Where discovery was allowed to go (a local WordPress the blogger confirmed), the checks may go too.
    const policy = { allowLocal: draft.discoveries.get(blog.id)?.allowLocal === true };
    try {
      checks = await engine.verifyWordPress(credentials, policy);
    } catch (error) {
      checks = [
        {
          id: 'verify',
          status: 'fail',
          detail: both('setup.page.invalid', { problem: errorMessage(error) }),
        },
      ];
    }
    draft.blogChecks.set(blog.id, checks);
    if (!checks.every((c) => c.status === 'ok')) {
      delete blog.wordpress;
      return false;
    }
    const discovery = draft.discoveries.get(blog.id);
    const siteUrl = discovery?.siteUrl ?? blog.url;
    const restRoot = credentials.restRoot === `${siteUrl}/wp-json/` ? {} : { restRoot: credentials.restRoot };
    blog.wordpress = {
      url: siteUrl,
      username: credentials.username,
      applicationPassword: credentials.applicationPassword,
      ...restRoot,
    };
    return true;
  };

  const callback: RequestHandler = async (req, res) => {
    const blog = blogOf(req);
    const discovery = blog && draft.discoveries.get(blog.id);
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    // Compared as signatures: constant time, whatever the length; and only from the browser it was given to.
    if (!blog || !discovery?.restRoot || !guard.browserStateValid(req, state)) {
      res.status(403).type('text').send('Forbidden');
      return;
    }
    const query = Object.fromEntries(
      Object.entries(req.query).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]),
    );
    let credentials: WordPressCredentials | undefined;
    try {
      credentials = req.query.rejected ? undefined : engine.wordpressCredentials(discovery, query);
      if (!credentials)
        draft.blogChecks.set(blog.id, [
          { id: 'authorization', status: 'fail', detail: both('setup.page.wp_rejected') },
        ]);
    } catch (error) {
      draft.blogChecks.set(blog.id, [authorizationCheck(error)]);
    }
    if (credentials) await connect(blog, credentials);
    // WordPress sent the browser here from another site, so our SameSite=Strict cookies are missing: a page
    // of ours moves on, and the next request carries them again. On to the blog's page, which shows the checks
    // (passed: with the way on; failed: with what to do), not past it.
    const ctx = view(req, res);
    const page = `/setup/blog/${blog.id}`;
    const body = html`<meta http-equiv="refresh" content="0; url=${page}"><p><a href="${page}">${ctx.t.t('setup.page.continue')}</a></p>`;
    guard.send(res, 200, setupPage(ctx, ctx.t.t('setup.page.title'), body));
  };

  const mount = (router: Router): void => {
    router.get('/setup/blog/:id', (req, res) => {
      const blog = blogOf(req);
      if (!blog || blog.target === 'none') return res.redirect(303, '/setup');
      if (blog.target === 'wordpress') return wordpressPage(req, res, blog, 200);
      if (blog.target === 'github') {
        const askPaths = blog.github?.preset === 'generic' && blog.github.generic === undefined;
        return guard.send(res, 200, renderGitHubPage(view(req, res), { blog, askPaths }));
      }
      return guard.send(res, 200, renderStaticPage(view(req, res), { blog }));
    });
    router.post('/setup/blog/:id/wordpress/discover', async (req, res) => {
      const blog = blogOf(req);
      if (!blog) return res.redirect(303, '/setup');
      const body = bodyOf(req);
      try {
        // The address may be the marketplace's `blog.url`: a local one only when the box is ticked.
        const policy = { allowLocal: body.allowLocal === 'on' };
        draft.discoveries.set(blog.id, await engine.discoverWordPress(body.address ?? blog.url, policy));
        draft.blogChecks.delete(blog.id);
      } catch (error) {
        draft.discoveries.delete(blog.id);
        draft.blogChecks.set(blog.id, [
          {
            id: 'rest-api',
            status: 'fail',
            detail: both('setup.page.invalid', { problem: errorMessage(error) }),
          },
        ]);
      }
      res.redirect(303, `/setup/blog/${blog.id}`);
    });
    router.post('/setup/blog/:id/wordpress/paste', async (req, res) => {
      const blog = blogOf(req);
      const discovery = blog && draft.discoveries.get(blog.id);
      if (!blog || !discovery?.restRoot) return res.redirect(303, '/setup');
      const body = bodyOf(req);
      const credentials = {
        restRoot: discovery.restRoot,
        username: body.username ?? '',
        applicationPassword: body.password ?? '',
      };
      // Passed: the blog's page shows the checks and the way on; failed: the same page at once, as a refusal.
      if (await connect(blog, credentials)) return res.redirect(303, `/setup/blog/${blog.id}`);
      wordpressPage(req, res, blog, 422);
    });
    router.post('/setup/blog/:id/github', async (req, res) => {
      const blog = blogOf(req);
      if (!blog) return res.redirect(303, '/setup');
      const body = bodyOf(req);
      const repo = body.repo ?? '';
      if (!REPO.test(repo) || !body.token || !body.siteUrl) {
        const error = view(req, res).t.t('setup.page.invalid', { problem: repo });
        return guard.send(res, 422, renderGitHubPage(view(req, res), { blog, error }));
      }
      let preset: GitHubAnswer['preset'];
      try {
        preset = await engine.detectGitHubPreset(repo, body.token, body.branch || undefined);
      } catch (error) {
        // A refused token or a repository it cannot see: named, nothing kept. GitHub not answering: the paths
        // are asked for (the generic preset), as for a generator that was not told.
        if (!(error instanceof GitHubSetupError)) preset = 'generic';
        else {
          const ctx = view(req, res);
          const refusal = inLanguage(error.text, ctx.t.language);
          return guard.send(res, 422, renderGitHubPage(ctx, { blog, error: refusal }));
        }
      }
      blog.github = {
        repo,
        token: body.token,
        siteUrl: body.siteUrl,
        preset,
        ...(body.branch ? { branch: body.branch } : {}),
      };
      res.redirect(303, '/setup');
    });
    router.post('/setup/blog/:id/github/paths', (req, res) => {
      const blog = blogOf(req);
      if (!blog?.github) return res.redirect(303, '/setup');
      const body = bodyOf(req);
      const { article, images, imageUrl, urlPattern } = body;
      if (!article || !images || !imageUrl || !urlPattern) {
        const error = view(req, res).t.t('setup.page.invalid', { problem: '' });
        return guard.send(res, 422, renderGitHubPage(view(req, res), { blog, error, askPaths: true }));
      }
      blog.github = { ...blog.github, generic: { article, images, imageUrl, urlPattern } };
      res.redirect(303, '/setup');
    });
    router.post('/setup/blog/:id/static', (req, res) => {
      const blog = blogOf(req);
      if (!blog) return res.redirect(303, '/setup');
      const body = bodyOf(req);
      if (!body.dir || !body.baseUrl) {
        const error = view(req, res).t.t('setup.page.invalid', { problem: '' });
        return guard.send(res, 422, renderStaticPage(view(req, res), { blog, error }));
      }
      blog.static = { dir: body.dir, baseUrl: body.baseUrl };
      res.redirect(303, '/setup');
    });
  };
  return { callback, mount };
}

export function categoryRoutes(
  deps: Pick<BlogRouteDeps, 'draft' | 'guard'>,
  router: Router,
  next: (res: Response) => void,
): void {
  const { draft, guard } = deps;
  /** The blogs with categories, each with its categories as the marketplace listed them (step b). */
  const blogs = (typed?: ReadonlyMap<number, CategoryTyped>): CategoryBlog[] =>
    blogsWithCategories(draft).map((blog) => ({
      blog,
      marketplace: draft.accountBlogs.find((b) => b.id === blog.id)?.categories ?? [],
      typed: typed?.get(blog.id),
    }));
  router.get('/setup/categories', (req, res) => {
    guard.send(res, 200, renderCategoriesPage(guard.view(req, res, draft.language), { blogs: blogs() }));
  });
  router.post('/setup/categories', (req, res) => {
    const body = bodyOf(req);
    const handled = blogsWithCategories(draft);
    const typed = new Map<number, CategoryTyped>(
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
      const read = readCategoryAnswer(blog, typed.get(blog.id) ?? {});
      if (!read.ok) {
        // Nothing is kept from a refused form: every blog's answer is taken at once, or none; what was typed
        // is shown again.
        const ctx = guard.view(req, res, draft.language);
        const error = inLanguage(read.problem, ctx.t.language);
        return guard.send(res, 422, renderCategoriesPage(ctx, { blogs: blogs(typed), error }));
      }
      choices.push([blog, read.choice]);
    }
    for (const [blog, choice] of choices) blog.categories = choice;
    draft.categoriesDone = true;
    next(res);
  });
}
