/**
 * The one setup engine behind the /setup page and `pressbridge setup` (issue 21, steps a–h). The fronts ask
 * the questions; the engine checks each answer against the real services and, at the end, writes the
 * installation and acts on it (categories, webhook, agent publishing). Every sentence it returns is a
 * `SetupText` in both languages, like the WordPress connection's checks.
 *
 * WordPress goes only through the `WordPressConnection` contract (./wordpress/types.ts).
 */

import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Check } from '../checks.js';
import { loadConfig, parseConfig } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { errorMessage, MarketplaceError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { ERROR_CODES } from '../marketplace/schema.js';
import {
  agentOn,
  checkPublishers,
  detectPreset,
  GitHubSetupError,
  sendTestNotification,
  syncCategories,
  webhookSteps,
} from './actions.js';
import { localAddressCheck, localRefusalOf } from './address-guard.js';
import { handledBlogs, type SetupAnswers } from './answers/index.js';
import type { NotifyAnswer } from './answers/notify.js';
import type { Read } from './answers/read.js';
import {
  type GitHubAnswer,
  type GitHubRepo,
  type WordPressAnswer,
  type WordPressLogin,
  wordpressAnswer,
} from './answers/targets.js';
import { apiAddressProblem } from './api-address.js';
import { finishFailure } from './finish-error.js';
import { type SetupMarketplace, setupMarketplaceClient } from './marketplace.js';
import { both } from './text.js';
import type {
  AddressPolicy,
  SetupText,
  WordPressConnection,
  WordPressCredentials,
  WordPressDiscovery,
} from './wordpress/types.js';
import { buildInstallation, type WrittenInstallation, writeInstallation } from './write-config.js';

export interface SetupEngineDeps {
  wordpress: WordPressConnection;
  /** The installation's data folder: the config, the secrets file and the WordPress app id live there. */
  dataDir: string;
  log: Logger;
  fetch?: typeof fetch;
}

export type KeyProblem = 'refused' | 'role' | 'scope' | 'address' | 'local' | 'unreachable';
export type KeyCheck =
  | { ok: true; login: string; check: Check<SetupText> }
  | { ok: false; problem: KeyProblem; check: Check<SetupText> };

/** A marketplace blog as step b shows it. */
export interface MarketplaceBlog {
  id: number;
  name: string;
  url: string;
  mode: string | undefined;
  categories: ReadonlyArray<{ id: number; name: string }>;
}

/** A WordPress login tried: every check, and the blog's answer when all of them passed. */
export interface WordPressConnected {
  checks: Check<SetupText>[];
  answer?: WordPressAnswer;
}

export interface FinishResult {
  config: Readonly<Config>;
  configPath: string;
  secretsPath: string;
  /** What the finish did besides writing: categories pushed, webhook registered and tested, agent switched on. */
  checks: Check<SetupText>[];
}

const APP_ID_FILE = 'wordpress-app-id';

export interface SetupEngine {
  readonly dataDir: string;
  /**
   * a: `GET /v1/me`: role `bloger` and scope `write`, each refusal in plain words; a local API address only when
   * `marketplace.allowLocal` confirms it (./address-guard.ts); an answer that is no http(s) address is refused
   * before anything is sent (./api-address.ts).
   */
  checkKey(marketplace: SetupMarketplace): Promise<KeyCheck>;
  /** b: `GET /v1/blogs`. */
  listBlogs(marketplace: SetupMarketplace): Promise<MarketplaceBlog[]>;
  /** c: the WordPress connection, with the stable app id of this installation; `policy` as for the key. */
  discoverWordPress(address: string, policy?: AddressPolicy): Promise<WordPressDiscovery>;
  /** Without `successUrl` (the terminal) WordPress shows the new password for the blogger to paste. */
  wordpressAuthorizationLink(discovery: WordPressDiscovery, successUrl?: string, rejectUrl?: string): string;
  wordpressCredentials(
    discovery: WordPressDiscovery,
    query: Readonly<Record<string, string | undefined>>,
  ): WordPressCredentials | undefined;
  /**
   * c: every check with the login at the site discovery found (they may go where discovery was allowed to: a
   * local WordPress the blogger confirmed); the blog's WordPress answer only when every check passed.
   */
  connectWordPress(discovery: WordPressDiscovery, login: WordPressLogin): Promise<WordPressConnected>;
  /**
   * d: the repository with the preset its files suggest. GitHub refusing the token or not showing it the
   * repository is the refusal; GitHub not answering is the generic preset, whose paths are then asked for.
   */
  connectGitHub(repo: GitHubRepo): Promise<Read<GitHubAnswer>>;
  /** g: one test message through the chosen channel. */
  testNotification(answer: NotifyAnswer): Promise<Check<SetupText>>;
  /**
   * Writes the installation and acts on it: e (sync), f (webhook), h (agent publishing). A failure is a
   * SetupFinishError that says whether anything was written (./finish-error.ts).
   */
  finish(answers: SetupAnswers): Promise<FinishResult>;
}

export function createSetupEngine(deps: SetupEngineDeps): SetupEngine {
  const dataDir = resolve(deps.dataDir);
  const client = (m: SetupMarketplace): MarketplaceClient =>
    setupMarketplaceClient(m, { log: deps.log, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  const doFetch = deps.fetch ?? fetch;

  const appId = (): string => {
    const file = join(dataDir, APP_ID_FILE);
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const id = randomUUID();
      writeFileSync(file, `${id}\n`, { mode: 0o600, flag: 'wx' });
      return id;
    }
  };

  return {
    dataDir,
    async checkKey(marketplace) {
      const notAnAddress = apiAddressProblem(marketplace.baseUrl);
      if (notAnAddress) return { ok: false, problem: 'address', check: notAnAddress };
      try {
        const me = await client(marketplace).me({ priority: 'high' });
        if (me.role !== 'bloger') {
          return {
            ok: false,
            problem: 'role',
            check: failed(
              'key',
              both('setup.key.role', { role: me.role.slice(0, 40) }),
              'setup.key.role_fix',
            ),
          };
        }
        if (!me.scopes.includes('write')) {
          return {
            ok: false,
            problem: 'scope',
            check: failed('key', both('setup.key.scope'), 'setup.key.scope_fix'),
          };
        }
        return {
          ok: true,
          login: me.login,
          check: { id: 'key', status: 'ok', detail: both('setup.key.ok', { login: me.login }) },
        };
      } catch (error) {
        return keyFailure(error, marketplace.baseUrl);
      }
    },
    async listBlogs(marketplace) {
      const blogs = await client(marketplace).listBlogs({ priority: 'high' });
      return blogs.map((b) => ({
        id: b.id,
        name: b.name,
        url: b.url,
        mode: b.publishing?.mode,
        categories: (b.publishing?.categories ?? []).map((c) => ({ id: c.id, name: c.name })),
      }));
    },
    discoverWordPress: (address, policy) => deps.wordpress.discover(address, policy),
    wordpressAuthorizationLink: (discovery, successUrl, rejectUrl) =>
      deps.wordpress.authorizationLink(discovery, {
        appId: appId(),
        ...(successUrl ? { successUrl } : {}),
        ...(rejectUrl ? { rejectUrl } : {}),
      }),
    wordpressCredentials: (discovery, query) => deps.wordpress.credentialsFromCallback(discovery, query),
    async connectWordPress(discovery, login) {
      const credentials = { restRoot: discovery.restRoot, ...login };
      let checks: Check<SetupText>[];
      try {
        checks = await deps.wordpress.verify(credentials, { allowLocal: discovery.allowLocal === true });
      } catch (error) {
        const detail = both('setup.page.invalid', { problem: errorMessage(error) });
        checks = [{ id: 'verify', status: 'fail', detail }];
      }
      if (!checks.every((c) => c.status === 'ok')) return { checks };
      return { checks, answer: wordpressAnswer(discovery, login) };
    },
    async connectGitHub(repo) {
      try {
        const preset = await detectPreset(doFetch, repo.repo, repo.token, repo.branch);
        return { ok: true, value: { ...repo, preset } };
      } catch (error) {
        if (error instanceof GitHubSetupError) return { ok: false, problem: error.text };
        return { ok: true, value: { ...repo, preset: 'generic' } };
      }
    },
    testNotification: (answer) => sendTestNotification(answer),
    async finish(answers) {
      // Checked before anything is written: a config every command accepts, or nothing on disk.
      try {
        const { document, secrets } = buildInstallation(answers, dataDir);
        await checkPublishers(parseConfig(document.toJS(), {}, 'setup', { secrets }), deps.log);
      } catch (error) {
        throw finishFailure('check', error, { dataDir });
      }
      let written: WrittenInstallation;
      try {
        written = writeInstallation(answers, dataDir);
      } catch (error) {
        throw finishFailure('write', error, { dataDir });
      }
      try {
        const config = loadConfig({ path: written.configPath, env: {} });
        const checks: Check<SetupText>[] = [];
        const api = client(answers.marketplace);
        const syncing = handledBlogs(answers).filter((b) => b.categories?.mode === 'sync');
        if (syncing.length > 0) checks.push(...(await syncCategories(config, api, syncing, deps.log)));
        if (answers.intake.mode === 'webhook' && answers.intake.webhookUrl) {
          checks.push(...(await webhookSteps(api, config, answers.intake.webhookUrl)));
        }
        for (const blog of handledBlogs(answers).filter((b) => b.agent)) {
          checks.push(await agentOn(api, blog));
        }
        return { config, ...written, checks };
      } catch (error) {
        throw finishFailure('after-write', error, { dataDir, written });
      }
    },
  };
}

function failed(id: string, detail: SetupText, fix: Parameters<typeof both>[0]): Check<SetupText> {
  return { id, status: 'fail', detail, fix: both(fix) };
}

/**
 * A failed `GET /v1/me` as a check. Only the status and pressbridge's own words are shown, never what the
 * answer's body said: the address may be anything (a local service answering 500 with its secrets).
 */
function keyFailure(error: unknown, baseUrl: string): KeyCheck {
  const local = localRefusalOf(error);
  if (local) return { ok: false, problem: 'local', check: localAddressCheck(baseUrl, local) };
  if (error instanceof MarketplaceError && error.status === 401) {
    return {
      ok: false,
      problem: 'refused',
      check: failed('key', both('setup.key.refused'), 'setup.key.refused_fix'),
    };
  }
  if (error instanceof MarketplaceError && error.status === 403) {
    const scope = error.code === ERROR_CODES.missingScope;
    const problem: KeyProblem = scope ? 'scope' : 'role';
    const check = scope
      ? failed('key', both('setup.key.scope'), 'setup.key.scope_fix')
      : failed('key', both('setup.key.role', { role: '?' }), 'setup.key.role_fix');
    return { ok: false, problem, check };
  }
  // Any other 4xx but 429 (that one is the unreachable case below: try again) (404 above all): the address is not the marketplace's API (the blog's own address, or
  // `{base_url}` with /v1 added); the key was never looked at, so the blogger must not be sent to copy it again.
  if (error instanceof MarketplaceError && error.status !== 0 && error.status < 500 && error.status !== 429) {
    const params = { url: baseUrl, status: String(error.status) };
    return {
      ok: false,
      problem: 'address',
      check: failed('key', both('setup.key.wrong_address', params), 'setup.key.wrong_address_fix'),
    };
  }
  // A 5xx, a 429: the status only. No answer at all: pressbridge's own description (a refused connection, a
  // timeout, a TLS failure), cut short.
  const message =
    error instanceof MarketplaceError && error.status !== 0
      ? both('setup.key.answered', { url: baseUrl, status: String(error.status) })
      : both('setup.key.unreachable', { url: baseUrl, error: errorMessage(error).slice(0, 200) });
  return { ok: false, problem: 'unreachable', check: failed('key', message, 'setup.key.unreachable_fix') };
}
