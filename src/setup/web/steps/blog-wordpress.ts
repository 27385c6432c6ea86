/**
 * Step c for a WordPress blog, on both fronts: the site found at the typed address (discovery's checks), then a
 * login, handed back by WordPress's own authorization page (the page's callback) or pasted (the page's form; the
 * terminal, where WordPress shows the new password for lack of a success_url), then every check of the engine's
 * `connectWordPress`. The checks are kept for the blog's page, which shows them before the setup goes on, as the
 * terminal prints them; a failed one stops the setup at this blog.
 */
import type { Check } from '../../../checks.js';
import { AppError, errorMessage } from '../../../errors.js';
import { html } from '../../../status/html.js';
import type { BlogAnswer } from '../../answers/index.js';
import { readAnswer } from '../../answers/read.js';
import { WordPressLogin } from '../../answers/targets.js';
import type { SetupDraft } from '../../draft.js';
import type { SetupEngine, WordPressConnected } from '../../engine.js';
import type { TerminalContext } from '../../terminal-context.js';
import { both } from '../../text.js';
import { WordPressAuthorizationError } from '../../wordpress/authorize.js';
import type { SetupText, WordPressDiscovery } from '../../wordpress/types.js';
import { setupPage } from '../views/page.js';
import { renderWordPressPage } from '../views/targets.js';
import type { StepContext } from './step.js';

/** A refused authorization or callback as a check (its sentence says what to do), anything else rethrown. */
function authorizationCheck(error: unknown): Check<SetupText> {
  if (error instanceof WordPressAuthorizationError)
    return { id: 'authorization', status: 'fail', detail: error.text };
  throw error;
}

/** A login tried: its checks kept for the blog's page, the blog's answer only when every check passed. */
async function connect(
  parts: { draft: SetupDraft; engine: SetupEngine },
  blog: BlogAnswer,
  discovery: WordPressDiscovery,
  login: WordPressLogin,
): Promise<WordPressConnected> {
  const connected = await parts.engine.connectWordPress(discovery, login);
  parts.draft.blogChecks.set(blog.id, connected.checks);
  if (connected.answer) blog.wordpress = connected.answer;
  else delete blog.wordpress;
  return connected;
}

export function wordpressPage(ctx: StepContext, blog: BlogAnswer, status: number): void {
  const { draft, guard, req, res, deps } = ctx;
  const discovery = draft.discoveries.get(blog.id);
  const checks = [...(draft.blogChecks.get(blog.id) ?? [])];
  let authorizationUrl: string | undefined;
  // A connected blog's page shows its checks and the way on: no new authorization.
  if (discovery?.authorizationUrl && !blog.wordpress) {
    // The state: only this browser, shown this page as the token holder, can come back with it.
    const state = guard.browserState(req, res);
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const back = `${origin}/setup/blog/${blog.id}/wordpress/back?state=${state}`;
    try {
      authorizationUrl = deps.engine.wordpressAuthorizationLink(discovery, back, `${back}&rejected=1`);
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
  ctx.send(status, renderWordPressPage(ctx.view(), data));
}

export async function discoverWordPress(ctx: StepContext, blog: BlogAnswer): Promise<void> {
  const { draft, body, deps } = ctx;
  // The address may be the marketplace's `blog.url`: a local one only when the box is ticked.
  const policy = { allowLocal: body.allowLocal === 'on' };
  try {
    draft.discoveries.set(blog.id, await deps.engine.discoverWordPress(body.address ?? blog.url, policy));
    draft.blogChecks.delete(blog.id);
  } catch (error) {
    draft.discoveries.delete(blog.id);
    const detail = both('setup.page.invalid', { problem: errorMessage(error) });
    draft.blogChecks.set(blog.id, [{ id: 'rest-api', status: 'fail', detail }]);
  }
  ctx.redirect(`/blog/${blog.id}`);
}

export async function pasteWordPress(ctx: StepContext, blog: BlogAnswer): Promise<void> {
  const { draft, body, deps } = ctx;
  const discovery = draft.discoveries.get(blog.id);
  if (!discovery?.restRoot) return ctx.redirect('');
  const read = readAnswer(WordPressLogin, { username: body.username, applicationPassword: body.password });
  if (!read.ok) {
    draft.blogChecks.set(blog.id, [{ id: 'login', status: 'fail', detail: read.problem }]);
    return wordpressPage(ctx, blog, 422);
  }
  // Passed: the blog's page shows the checks and the way on; failed: the same page at once, as a refusal.
  const connected = await connect({ draft, engine: deps.engine }, blog, discovery, read.value);
  if (connected.answer) return ctx.redirect(`/blog/${blog.id}`);
  wordpressPage(ctx, blog, 422);
}

/**
 * WordPress's return (`success_url`, `reject_url`): it carries its own proof, a state signed for this process and
 * bound to the browser it was given to, compared in constant time whatever its length.
 */
export async function wordpressCallback(ctx: StepContext, blog: BlogAnswer | undefined): Promise<void> {
  const { draft, guard, req, res, deps } = ctx;
  const discovery = blog && draft.discoveries.get(blog.id);
  const state = typeof req.query.state === 'string' ? req.query.state : '';
  if (!blog || !discovery?.restRoot || !guard.browserStateValid(req, state)) {
    res.status(403).type('text').send('Forbidden');
    return;
  }
  const query = Object.fromEntries(
    Object.entries(req.query).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]),
  );
  try {
    const credentials = req.query.rejected ? undefined : deps.engine.wordpressCredentials(discovery, query);
    if (credentials) {
      const { username, applicationPassword } = credentials;
      await connect({ draft, engine: deps.engine }, blog, discovery, { username, applicationPassword });
    } else {
      const detail = both('setup.page.wp_rejected');
      draft.blogChecks.set(blog.id, [{ id: 'authorization', status: 'fail', detail }]);
    }
  } catch (error) {
    draft.blogChecks.set(blog.id, [authorizationCheck(error)]);
  }
  // WordPress sent the browser here from another site, so our SameSite=Strict cookies are missing: a page
  // of ours moves on, and the next request carries them again. On to the blog's page, which shows the checks
  // (passed: with the way on; failed: with what to do), not past it.
  const view = ctx.view();
  const page = `/setup/blog/${blog.id}`;
  const body = html`<meta http-equiv="refresh" content="0; url=${page}"><p><a href="${page}">${view.t.t('setup.page.continue')}</a></p>`;
  ctx.send(200, setupPage(view, view.t.t('setup.page.title'), body));
}

/** The terminal: the address until WordPress is found there, then a login until every check passes. */
export async function askWordPress(term: TerminalContext, blog: BlogAnswer): Promise<void> {
  const { options, t, language, engine } = term;
  let given = { url: options.wordpressUrl, user: options.wordpressUser, password: options.wordpressPassword };
  /** The WordPress address the blogger confirmed as a local one. */
  let confirmed: string | undefined;
  for (;;) {
    const address = await term.ask(t.t('setup.page.wp_address'), given.url, '--wordpress-url', blog.url);
    const policy = { allowLocal: options.allowLocal === true || confirmed === address };
    const discovery = await engine.discoverWordPress(address, policy);
    term.showChecks(discovery.checks);
    const problem = discovery.checks.find((c) => c.status !== 'ok');
    if (problem || discovery.restRoot === '') {
      const said = problem?.detail[language] ?? t.t('setup.cli.no_wordpress');
      if (!term.interactive) throw new AppError('setup_wordpress_failed', said);
      const meant = await term.confirmLocal(discovery.checks);
      if (meant) confirmed = address;
      given = { ...given, url: meant ? address : undefined };
      continue;
    }
    if (discovery.authorizationUrl && !given.password) {
      // No success_url: WordPress shows the new password on its page instead of sending it anywhere.
      term.say(t.t('setup.terminal.wp_open'));
      term.say(`  ${engine.wordpressAuthorizationLink(discovery)}`);
    }
    const login = await term.until(async () =>
      readAnswer(WordPressLogin, {
        username: await term.ask(t.t('setup.page.wp_user'), given.user, '--wordpress-user'),
        applicationPassword: await term.secret(
          t.t('setup.page.wp_password'),
          given.password,
          '--wordpress-password',
        ),
      }),
    );
    const connected = await connect(term, blog, discovery, login);
    term.showChecks(connected.checks);
    if (connected.answer) return;
    const refused =
      connected.checks.find((c) => c.status !== 'ok')?.detail[language] ?? t.t('setup.cli.wordpress_refused');
    if (!term.interactive) throw new AppError('setup_wordpress_failed', refused);
    given = { ...given, user: undefined, password: undefined };
  }
}
