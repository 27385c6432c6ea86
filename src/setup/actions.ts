/**
 * What the setup does beyond asking (./engine.ts): push a blog's categories (e), register and test the webhook
 * (f), send a test notification (g), switch agent publishing on (h), and guess a GitHub repository's preset (d).
 * Each returns `Check<SetupText>`s in both languages instead of throwing.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Check } from '../checks.js';
import { issueSaid } from '../config/issues.js';
import type { Config } from '../config/schema.js';
import { AppError, errorMessage, errorSaid, MarketplaceError, type Phrase } from '../errors.js';
import { BODY_LIMITS, readBodyText } from '../http-body.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { createChannel } from '../notify/channels/index.js';
import { NotifyChannel } from '../notify/settings.js';
import { knownPublishers, loadPlugins } from '../publisher/plugins.js';
import { createPublishers } from '../publisher/registry.js';
import { scrubPhrase, scrubText } from '../redact.js';
import { registerWebhook, testWebhook } from '../webhook/register.js';
import type { BlogAnswer } from './answers/index.js';
import type { NotifyAnswer } from './answers/notify.js';
import type { GitHubAnswer } from './answers/targets.js';
import { both } from './text.js';
import type { SetupText } from './wordpress/types.js';

/** Every blog's publisher options checked by its plugin, as the daemon will at start-up (a ConfigError else). */
export async function checkPublishers(config: Readonly<Config>, log: Logger): Promise<void> {
  const plugins = await loadPlugins(config.blogs.map((b) => b.publisher));
  await createPublishers(config, plugins, { log }, knownPublishers()).close();
}

export async function syncCategories(
  config: Readonly<Config>,
  api: MarketplaceClient,
  blogs: BlogAnswer[],
  log: Logger,
): Promise<Check<SetupText>[]> {
  const plugins = await loadPlugins(config.blogs.map((b) => b.publisher));
  const publishers = createPublishers(config, plugins, { log }, knownPublishers());
  try {
    const checks: Check<SetupText>[] = [];
    for (const blog of blogs) {
      const id = `categories-${blog.id}`;
      const publisher = publishers.get(blog.id)?.publisher;
      try {
        if (!publisher?.listCategories) throw new Error('this publisher cannot list its categories');
        const list = (await publisher.listCategories(AbortSignal.timeout(30_000))).slice(0, 50);
        await api.patchBlog(blog.id, { categories: list });
        checks.push({
          id,
          status: 'ok',
          detail: both('setup.categories.synced', { count: list.length, blog: blog.name }),
        });
      } catch (error) {
        const message = both('setup.categories.sync_failed', { blog: blog.name, error: errorMessage(error) });
        checks.push({
          id,
          status: 'fail',
          detail: message,
          fix: both('setup.categories.sync_fix', { blog: String(blog.id) }),
        });
      }
    }
    return checks;
  } finally {
    await publishers.close();
  }
}

export async function webhookSteps(
  api: MarketplaceClient,
  config: Readonly<Config>,
  url: string,
): Promise<Check<SetupText>[]> {
  try {
    await registerWebhook(api, config, url);
  } catch (error) {
    const message = both('setup.webhook.register_failed', { url, error: errorMessage(error) });
    return [{ id: 'webhook-register', status: 'fail', detail: message, fix: both('setup.webhook.fix') }];
  }
  const registered: Check<SetupText> = {
    id: 'webhook-register',
    status: 'ok',
    detail: both('setup.webhook.registered', { url }),
  };
  try {
    const result = await testWebhook(api);
    const params = { url, status: String(result.status) };
    return [
      registered,
      result.delivered
        ? { id: 'webhook-test', status: 'ok', detail: both('setup.webhook.test_ok', params) }
        : {
            id: 'webhook-test',
            status: 'fail',
            detail: both('setup.webhook.test_failed', params),
            fix: both('setup.webhook.fix'),
          },
    ];
  } catch (error) {
    const message = both('setup.webhook.test_failed', { url, status: errorMessage(error) });
    return [
      registered,
      { id: 'webhook-test', status: 'fail', detail: message, fix: both('setup.webhook.fix') },
    ];
  }
}

export async function agentOn(api: MarketplaceClient, blog: BlogAnswer): Promise<Check<SetupText>> {
  const id = `agent-${blog.id}`;
  try {
    await api.patchBlog(blog.id, { agent_publish: true });
    return { id, status: 'ok', detail: both('setup.agent.on', { blog: blog.name }) };
  } catch (error) {
    const conflict = error instanceof MarketplaceError && error.status === 409;
    const message = both('setup.agent.failed', { blog: blog.name, error: errorMessage(error) });
    return {
      id,
      status: 'fail',
      detail: message,
      fix: both(conflict ? 'setup.agent.conflict_fix' : 'setup.agent.fix', { blog: String(blog.id) }),
    };
  }
}

function parseChannel(answer: NotifyAnswer) {
  return NotifyChannel.safeParse(
    answer.type === 'ntfy'
      ? { name: 'phone', type: 'ntfy', server: answer.server, topic: answer.topic }
      : { name: 'telegram', type: 'telegram', botToken: answer.botToken, chatId: answer.chatId },
  );
}

/**
 * A channel's answers the config's schema refuses: named by the field and the rule only (never the value), the
 * rule in the blogger's words as the config's own problems are (src/config/issues.ts).
 */
function channelProblem(answer: NotifyAnswer, issues: readonly z.core.$ZodIssue[]) {
  const problem = issues
    .map(
      (i): Phrase => ({
        key: 'setup.notify.field',
        params: { field: i.path.map(String).join('.'), problem: issueSaid(i) },
      }),
    )
    .reduce<Phrase | undefined>(
      (all, one) => (all === undefined ? one : { key: 'setup.notify.also', params: { a: all, b: one } }),
      undefined,
    );
  const error = problem ?? { key: 'config.zod.invalid' };
  const message = both('setup.notify.failed', { channel: answer.type, error });
  const check: Check<SetupText> = {
    id: 'notify',
    status: 'fail',
    detail: message,
    fix: both('setup.notify.fix'),
  };
  return check;
}

/**
 * The channel's answers checked by the config's own schema, when saved as when tested: undefined when they
 * pass, else the failed check (the value, a token perhaps, is not echoed).
 */
export function notificationProblem(answer: NotifyAnswer): Check<SetupText> | undefined {
  const parsed = parseChannel(answer);
  return parsed.success ? undefined : channelProblem(answer, parsed.error.issues);
}

export async function sendTestNotification(answer: NotifyAnswer): Promise<Check<SetupText>> {
  const parsed = parseChannel(answer);
  if (!parsed.success) return channelProblem(answer, parsed.error.issues);
  const channel = createChannel(parsed.data, { timeoutMs: 10_000 });
  const text = both('setup.notify.test_body');
  try {
    await channel.deliver(
      {
        id: randomUUID(),
        topic: 'test',
        kind: 'event',
        key: `setup-test:${Date.now()}`,
        title: 'pressbridge',
        body: `${text.cs}\n${text.en}`,
        urgent: false,
        createdAt: new Date().toISOString(),
      },
      AbortSignal.timeout(15_000),
    );
    return { id: 'notify', status: 'ok', detail: both('setup.notify.sent', { channel: answer.type }) };
  } catch (error) {
    // The ntfy server is a typed address: of its refusal the status only, never the excerpt of its body
    // (an internal service's 5xx could carry its secrets), as for the API and WordPress addresses. Our own
    // words (a network reason, Telegram's refusal) are said in each language.
    const said = errorSaid(error);
    const reason =
      typeof said === 'string' ? scrubText(said).replace(/^(HTTP \d{3}):[\s\S]*$/, '$1') : scrubPhrase(said);
    const message = both('setup.notify.failed', { channel: answer.type, error: reason });
    return { id: 'notify', status: 'fail', detail: message, fix: both('setup.notify.fix') };
  } finally {
    channel.close();
  }
}

/** GitHub refused the token or does not show the repository to it: named, nothing saved. */
export class GitHubSetupError extends AppError {
  constructor(readonly text: SetupText) {
    super('setup_github_refused', text.en);
  }
}

/**
 * Minimal: the repository's top-level files name the generator (Astro's astro.config.*, Jekyll's _config.yml,
 * Hugo's hugo.toml …); `generic` when they do not, and then the setup asks for the paths. A refused token (401), a token without
 * access to the repository's contents (403) or a repository it cannot see (404) is a `GitHubSetupError`.
 */
export async function detectPreset(
  doFetch: typeof fetch,
  repo: string,
  token: string,
  branch?: string,
): Promise<GitHubAnswer['preset']> {
  const ref = branch ? `?ref=${encodeURIComponent(branch)}` : '';
  const answer = await doFetch(`https://api.github.com/repos/${repo}/contents/${ref}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.github+json' },
    signal: AbortSignal.timeout(15_000),
  });
  if (!answer.ok) await answer.body?.cancel().catch(() => {});
  if (answer.status === 401) throw new GitHubSetupError(both('setup.github.token_refused'));
  if (answer.status === 403) throw new GitHubSetupError(both('setup.github.no_access', { repo }));
  if (answer.status === 404) throw new GitHubSetupError(both('setup.github.not_found', { repo }));
  if (!answer.ok) return 'generic';
  const listing: unknown = JSON.parse(
    await readBodyText(answer, BODY_LIMITS.publisher, `GET /repos/${repo}/contents/`),
  );
  // A listing that is not one (another API, an odd answer) names no generator.
  if (!Array.isArray(listing)) return 'generic';
  const files = listing.map((f: unknown) => String((f as { name?: unknown } | null)?.name));
  if (files.some((f) => /^astro\.config\.[cm]?[jt]s$/.test(f))) return 'astro';
  if (files.some((f) => f === '_config.yml' || f === '_config.yaml')) return 'jekyll';
  if (files.some((f) => /^(hugo|config)\.(toml|ya?ml|json)$/.test(f))) return 'hugo';
  return 'generic';
}
