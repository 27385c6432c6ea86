/**
 * `pressbridge setup` in a terminal: the same engine and answers as the /setup page, asked in the blogger's
 * language (./prompt.ts: keys and passwords are not echoed); with `--yes` nothing is asked and every answer
 * comes from the flags or the environment (scripted installs), a missing one being an error that names its flag.
 *
 * WordPress: the terminal prints WordPress's authorization link without a success_url, so WordPress shows the
 * new Application Password on its page, and takes the paste; then every check of verify() with its fix.
 */
import type { Check } from '../checks.js';
import { LISTENERS, parsePort } from '../config/listeners.js';
import { AppError } from '../errors.js';
import { createTranslator, type Language } from '../i18n/index.js';
import { newNtfyTopic, ntfySubscribeLinks } from '../notify/channels/ntfy.js';
import { isLoopbackHost } from '../status/hosts.js';
import { GitHubSetupError } from './actions.js';
import { LOCAL_ADDRESS_CHECK } from './address-guard.js';
import type { BlogAnswer, BlogTarget, CategoryChoice, GitHubAnswer, SetupAnswers } from './answers.js';
import { apiAddressHint } from './api-address.js';
import {
  type CategoryTarget,
  categoryFields,
  categoryOptions,
  categoryTarget,
  readCategoryAnswer,
} from './categories.js';
import type { FinishResult, SetupEngine } from './engine.js';
import { SetupFinishError } from './finish-error.js';
import { createPrompter } from './prompt.js';
import type { SetupText } from './wordpress/types.js';

export interface TerminalSetupOptions {
  yes?: boolean | undefined;
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  blog?: string | undefined;
  target?: string | undefined;
  wordpressUrl?: string | undefined;
  wordpressUser?: string | undefined;
  wordpressPassword?: string | undefined;
  intake?: string | undefined;
  webhookUrl?: string | undefined;
  ntfyTopic?: string | undefined;
  agent?: boolean | undefined;
  statusHost?: string | undefined;
  statusPort?: number | undefined;
  /** The webhook listener's port (polling: used once a webhook is registered). */
  webhookPort?: number | undefined;
  statusPassword?: string | undefined;
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  /** `--allow-local`: a local API or WordPress address is meant (the sandbox, a WordPress on this machine). */
  allowLocal?: boolean | undefined;
}

export interface TerminalIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

const TARGETS: readonly BlogTarget[] = ['wordpress', 'github', 'static', 'none'];

export async function runTerminalSetup(
  engine: SetupEngine,
  options: TerminalSetupOptions,
  language: Language,
  io: TerminalIo,
): Promise<FinishResult> {
  const { t } = createTranslator(language);
  const prompter = options.yes ? undefined : createPrompter(io);
  const say = (text: string): void => void io.output.write(`${text}\n`);
  const showChecks = (checks: readonly Check<SetupText>[]): void => {
    for (const c of checks)
      say(
        `${c.status === 'ok' ? '✓' : '✗'} ${c.detail[language]}${c.fix ? `\n  ${t('setup.page.fix')}: ${c.fix[language]}` : ''}`,
      );
  };
  /**
   * The flag's value; else the question (default shown in brackets, a secret not echoed); with --yes a missing
   * value is an error.
   */
  const ask = async (
    question: string,
    given: string | undefined,
    flag: string,
    fallback?: string,
    secret = false,
  ): Promise<string> => {
    if (given !== undefined && given !== '') return given;
    if (!prompter) {
      if (fallback !== undefined) return fallback;
      throw new AppError('setup_missing_answer', t('setup.cli.missing_answer', { flag }));
    }
    const answer = await prompter.ask(`${question}${fallback ? ` [${fallback}]` : ''}: `, { secret });
    if (answer === undefined) throw new AppError('setup_input_ended', t('setup.cli.input_ended'));
    return answer || fallback || (await ask(question, undefined, flag, fallback, secret));
  };
  const secret = (question: string, given: string | undefined, flag: string): Promise<string> =>
    ask(question, given, flag, undefined, true);
  const webhookPort = async (): Promise<number> => {
    const fallback = String(LISTENERS.webhook.defaultPort);
    const typed = await ask(
      t('setup.page.webhook_port'),
      options.webhookPort?.toString(),
      '--webhook-port',
      fallback,
    );
    const port = parsePort(typed) ?? (typed === '0' ? 0 : undefined);
    if (port === undefined)
      throw new AppError('setup_bad_port', `--webhook-port: ${t('setup.page.webhook_port_invalid')}`);
    return port;
  };
  /**
   * Whether a refused local address (a `local-address` check) is meant: `--allow-local`, or a yes to the question;
   * with --yes and without the flag, the refusal ends the setup (its fix names the flag).
   */
  const confirmLocal = async (checks: readonly Check<SetupText>[]): Promise<boolean> => {
    if (!checks.some((c) => c.id === LOCAL_ADDRESS_CHECK) || !prompter) return false;
    const answer = await prompter.ask(`${t('setup.address.confirm_local')} [no]: `);
    return /^\s*(y|yes|a|ano)\s*$/i.test(answer ?? '');
  };
  /** d: the repository and its token until GitHub takes them; the generic preset's paths when not told. */
  const github = async (blogUrl: string): Promise<GitHubAnswer> => {
    for (;;) {
      const repo = await ask(t('setup.page.gh_repo'), undefined, '--blog');
      const token = await secret(t('setup.page.gh_token'), undefined, '--blog');
      let preset: GitHubAnswer['preset'];
      try {
        preset = await engine.detectGitHubPreset(repo, token);
      } catch (error) {
        if (!(error instanceof GitHubSetupError)) preset = 'generic';
        else {
          say(`✗ ${error.text[language]}`);
          if (!prompter) throw error;
          continue;
        }
      }
      const siteUrl = await ask(t('setup.page.site_url'), undefined, '--blog', blogUrl);
      if (preset !== 'generic') return { repo, token, siteUrl, preset };
      say(t('setup.github.paths_needed'));
      const generic = {
        article: await ask(t('setup.page.gh_article'), undefined, '--blog'),
        images: await ask(t('setup.page.gh_images'), undefined, '--blog'),
        imageUrl: await ask(t('setup.page.gh_image_url'), undefined, '--blog'),
        urlPattern: await ask(t('setup.page.gh_url_pattern'), undefined, '--blog'),
      };
      return { repo, token, siteUrl, preset, generic };
    }
  };
  try {
    // a: the key
    let marketplace: SetupAnswers['marketplace'];
    /** The API address the blogger confirmed as a local one (the confirmation is for that address only). */
    let confirmed: string | undefined;
    for (;;) {
      // What the address is, each time it is asked (also again after a wrong one).
      if (prompter && !options.baseUrl) say(apiAddressHint()[language]);
      const baseUrl = await ask(t('setup.page.base_url'), options.baseUrl, '--base-url');
      const apiKey = await secret(t('setup.page.api_key'), options.apiKey, '--api-key');
      const allowLocal = options.allowLocal === true || confirmed === baseUrl;
      const check = await engine.checkKey({ baseUrl, apiKey, allowLocal });
      showChecks([check.check]);
      if (check.ok) {
        marketplace = { baseUrl, apiKey, allowLocal };
        break;
      }
      if (!prompter) throw new AppError('setup_key_refused', check.check.detail[language]);
      if (await confirmLocal([check.check])) {
        // The same address and key again, now confirmed: the key was never sent anywhere.
        confirmed = baseUrl;
        options = { ...options, baseUrl, apiKey };
        continue;
      }
      // Not meant: another address (and the key again, as after any refusal).
      options = {
        ...options,
        apiKey: undefined,
        ...(check.problem === 'local' || check.problem === 'address' ? { baseUrl: undefined } : {}),
      };
    }
    // b: the blogs
    const listed = await engine.listBlogs(marketplace);
    const wanted = options.blog?.split(',').map((s) => Number(s.trim()));
    const blogs: BlogAnswer[] = [];
    for (const b of listed) {
      say(`${b.id}: ${b.name} (${b.url})`);
      const preset = wanted
        ? wanted.includes(b.id)
          ? (options.target ?? 'wordpress')
          : 'none'
        : options.yes
          ? (options.target ?? 'wordpress')
          : undefined;
      let target: BlogTarget | undefined;
      while (!target) {
        const typed = await ask(
          `${t('setup.page.blog_target')} (${TARGETS.join('/')})`,
          preset,
          '--blog',
          'wordpress',
        );
        target = TARGETS.find((x) => x === typed);
      }
      const blog: BlogAnswer = { id: b.id, name: b.name, url: b.url, target, agent: options.agent !== false };
      if (target === 'wordpress') await wordpress(blog);
      if (target === 'github') blog.github = await github(b.url);
      if (target === 'static') {
        blog.static = {
          dir: await ask(t('setup.page.static_dir'), undefined, '--blog'),
          baseUrl: await ask(t('setup.page.site_url'), undefined, '--blog', b.url),
        };
      }
      // e: categories
      // A folder of files has no categories (its plugin takes none).
      const withCategories = categoryTarget(blog);
      if (withCategories) blog.categories = await categories(blog, withCategories);
      blogs.push(blog);
    }
    // f: intake; the webhook's port asked with the webhook (polling, nothing listens until one is registered)
    const mode = await ask(`intake (poll/webhook)`, options.intake, '--intake', 'poll');
    const port = mode === 'webhook' ? await webhookPort() : options.webhookPort;
    const listen = port === undefined ? {} : { listen: { port } };
    const intake: SetupAnswers['intake'] =
      mode === 'webhook'
        ? {
            mode: 'webhook',
            webhookUrl: await ask(t('setup.page.webhook_url'), options.webhookUrl, '--webhook-url'),
            ...listen,
          }
        : { mode: 'poll', ...listen };
    // g: notifications: ntfy first, a new random topic on Enter (with --yes only the flag's)
    const fresh = prompter ? newNtfyTopic() : '-';
    const topic = await ask(t('setup.terminal.ntfy_topic'), options.ntfyTopic, '--ntfy-topic', fresh);
    const notify = topic !== '-' ? ({ type: 'ntfy', server: 'https://ntfy.sh', topic } as const) : undefined;
    if (notify)
      say(t('setup.terminal.ntfy_subscribe', { ...ntfySubscribeLinks(notify.server, topic), topic }));
    if (notify) showChecks([await engine.testNotification(notify)]);
    // h: the status page (a password beyond loopback)
    const host = options.statusHost ?? '127.0.0.1';
    const loopback = isLoopbackHost(host);
    const password = loopback
      ? undefined
      : await secret(t('setup.page.status_password'), options.statusPassword, '--status-password');
    const answers: SetupAnswers = {
      language,
      marketplace,
      blogs,
      intake,
      ...(notify ? { notify } : {}),
      status: { host, port: options.statusPort ?? 8081, ...(password ? { password } : {}) },
      ...(options.redisUrl || options.redisPrefix
        ? {
            redis: {
              ...(options.redisUrl ? { url: options.redisUrl } : {}),
              ...(options.redisPrefix ? { prefix: options.redisPrefix } : {}),
            },
          }
        : {}),
    };
    let result: FinishResult;
    try {
      result = await engine.finish(answers);
    } catch (error) {
      // In the setup's language, saying what was written where (./finish-error.ts).
      if (error instanceof SetupFinishError)
        throw new AppError(error.code, error.text[language], { cause: error });
      throw error;
    }
    showChecks(result.checks);
    say(t('setup.page.done_intro', { path: result.configPath }));
    return result;
  } finally {
    prompter?.close();
  }

  async function wordpress(blog: BlogAnswer): Promise<void> {
    /** The WordPress address the blogger confirmed as a local one. */
    let confirmed: string | undefined;
    for (;;) {
      const address = await ask(
        t('setup.page.wp_address'),
        options.wordpressUrl,
        '--wordpress-url',
        blog.url,
      );
      const policy = { allowLocal: options.allowLocal === true || confirmed === address };
      const discovery = await engine.discoverWordPress(address, policy);
      showChecks(discovery.checks);
      const problem = discovery.checks.find((c) => c.status !== 'ok');
      if (problem || discovery.restRoot === '') {
        if (!prompter)
          throw new AppError(
            'setup_wordpress_failed',
            problem?.detail[language] ?? t('setup.cli.no_wordpress'),
          );
        if (await confirmLocal(discovery.checks)) {
          confirmed = address;
          options = { ...options, wordpressUrl: address };
          continue;
        }
        options = { ...options, wordpressUrl: undefined };
        continue;
      }
      const given = options.wordpressPassword !== undefined && options.wordpressPassword !== '';
      if (discovery.authorizationUrl && !given) {
        // No success_url: WordPress shows the new password on its page instead of sending it anywhere.
        say(t('setup.terminal.wp_open'));
        say(`  ${engine.wordpressAuthorizationLink(discovery)}`);
      }
      const username = await ask(t('setup.page.wp_user'), options.wordpressUser, '--wordpress-user');
      const applicationPassword = await secret(
        t('setup.page.wp_password'),
        options.wordpressPassword,
        '--wordpress-password',
      );
      const credentials = { restRoot: discovery.restRoot, username, applicationPassword };
      const checks = await engine.verifyWordPress(credentials, policy);
      showChecks(checks);
      if (checks.every((c) => c.status === 'ok')) {
        const restRoot =
          discovery.restRoot === `${discovery.siteUrl}/wp-json/` ? {} : { restRoot: discovery.restRoot };
        blog.wordpress = { url: discovery.siteUrl, username, applicationPassword, ...restRoot };
        return;
      }
      if (!prompter)
        throw new AppError(
          'setup_wordpress_failed',
          checks.find((c) => c.status !== 'ok')?.detail[language] ?? t('setup.cli.wordpress_refused'),
        );
      options = { ...options, wordpressUser: undefined, wordpressPassword: undefined };
    }
  }

  /** e: the ways the blog's target offers, each explained (./categories.ts), asked until one is read. */
  async function categories(blog: BlogAnswer, target: CategoryTarget): Promise<CategoryChoice> {
    const options = categoryOptions(target);
    const fields = categoryFields(target);
    if (prompter) {
      say(t('setup.categories.intro'));
      for (const o of options) say(`  ${o.mode}: ${o.label[language]}. ${o.explain[language]}`);
    }
    for (;;) {
      const modes = options.map((o) => o.mode);
      const mode = await ask(`${t('setup.categories.title')} (${modes.join('/')})`, undefined, '', 'default');
      if (!modes.some((m) => m === mode)) continue;
      // One line in the terminal: the mapping's pairs separated by commas; `-` for no category of one's own.
      const lines = mode === 'map' ? await ask(fields.lines[language], undefined, '') : '';
      const category = mode === 'default' ? await ask(fields.category[language], undefined, '', '-') : '';
      const answer = { mode, lines: lines.replaceAll(',', '\n'), category: category.replace(/^-$/, '') };
      const read = readCategoryAnswer(blog, answer);
      if (read.ok) return read.choice;
      say(`✗ ${read.problem[language]}`);
    }
  }
}
