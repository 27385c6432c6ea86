/**
 * Turns the setup's answers into an installation: a commented `pressbridge.yaml` and ONE secrets file
 * (`secrets.json`, mode 0600) in the data folder. The YAML holds no secret: it refers to each one as
 * `{ stored: NAME }`, which `loadConfig` resolves from the secrets file beside it (src/config/load.ts).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Document, type Node, YAMLMap } from 'yaml';
import { writeFileAtomic } from '../atomic-write.js';
import { CONFIG_FILE_NAME, SECRETS_FILE_NAME } from '../config/paths.js';
import { POLL_SECONDS_DEFAULT } from '../intake/settings.js';
import { ownRedisUrl } from '../redis/embedded.js';
import type { CategoryChoice } from './answers/categories.js';
import { type BlogAnswer, handledBlogs, type SetupAnswers } from './answers/index.js';
import { webhookListen } from './answers/intake.js';

export interface WrittenInstallation {
  configPath: string;
  secretsPath: string;
}

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An entry of a list that is matched by its `id` (the blogs). */
const hasId = (value: unknown): value is Plain & { id: unknown } => isPlain(value) && 'id' in value;

/**
 * A step's part of the config over the document: plain objects merged key by key; a list of entries with an `id`
 * (`blogs`) merged entry by entry into the document's entry of the same id (a blog's `rules`: an id the document
 * does not list is not added); anything else replaced.
 */
function mergePart(target: Plain, part: Plain): void {
  for (const [key, value] of Object.entries(part)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const current = target[key];
    if (isPlain(current) && isPlain(value)) mergePart(current, value);
    else if (Array.isArray(current) && Array.isArray(value) && current.every(hasId) && value.every(hasId)) {
      for (const entry of value) {
        const into = current.find((c) => c.id === entry.id);
        if (into) mergePart(into, entry);
      }
    } else target[key] = value;
  }
}

function categoryOptions(choice: CategoryChoice | undefined): Plain {
  if (!choice || choice.mode === 'default') {
    return choice?.category !== undefined ? { defaultCategory: choice.category } : {};
  }
  if (choice.mode === 'sync') return { categories: 'identity' };
  return { categories: choice.map };
}

function blogOptions(blog: BlogAnswer, secret: (name: string, value: string) => Plain): Plain {
  if (blog.target === 'wordpress' && blog.wordpress) {
    const wp = blog.wordpress;
    return {
      url: wp.url,
      username: wp.username,
      applicationPassword: secret(`blog-${blog.id}-wordpress-password`, wp.applicationPassword),
      ...(wp.restRoot ? { restRoot: wp.restRoot } : {}),
      ...categoryOptions(blog.categories),
    };
  }
  if (blog.target === 'github' && blog.github) {
    const gh = blog.github;
    return {
      token: secret(`blog-${blog.id}-github-token`, gh.token),
      repo: gh.repo,
      ...(gh.branch ? { branch: gh.branch } : {}),
      siteUrl: gh.siteUrl,
      preset: gh.preset,
      ...(gh.preset === 'generic' && gh.generic
        ? {
            paths: { article: gh.generic.article, images: gh.generic.images, imageUrl: gh.generic.imageUrl },
            urlPattern: gh.generic.urlPattern,
          }
        : {}),
      ...categoryOptions(blog.categories),
    };
  }
  if (blog.target === 'static' && blog.static) return { dir: blog.static.dir, baseUrl: blog.static.baseUrl };
  throw new Error(`blog ${blog.id}: the ${blog.target} answers are missing`);
}

/** The config document with its comments, and the secrets it refers to. */
export function buildInstallation(
  answers: SetupAnswers,
  dataDir: string,
): { document: Document; secrets: Record<string, string> } {
  const secrets: Record<string, string> = {};
  const secret = (name: string, value: string): Plain => {
    secrets[name] = value;
    return { stored: name };
  };
  const webhookMode = answers.intake.mode === 'webhook';
  // No Redis given (flag, PRESSBRIDGE_REDIS_URL): pressbridge's own, on a socket in the data folder. A Redis given
  // is used as it is: an own one started beside it while it is down would split the queue between the two.
  const ownRedis = answers.redis?.embedded ?? answers.redis?.url === undefined;
  const data: Plain = {
    ui: { language: answers.language },
    marketplace: {
      baseUrl: answers.marketplace.baseUrl,
      apiKey: secret('marketplace-api-key', answers.marketplace.apiKey),
    },
    // Poll: `intake.mode` stays unset, so that a webhook registered later (`pressbridge webhook register`)
    // makes the intake `both` and starts the listener without an edit here (src/intake/mode.ts).
    intake: webhookMode ? { mode: 'webhook' } : { pollSeconds: POLL_SECONDS_DEFAULT },
    redis: {
      url: answers.redis?.url ?? ownRedisUrl(dataDir),
      ...(answers.redis?.prefix ? { prefix: answers.redis.prefix } : {}),
      embedded: ownRedis,
    },
    webhook: { listen: webhookListen(answers.intake) },
    status: {
      listen: { host: answers.status.host, port: answers.status.port },
      ...(answers.status.password ? { password: secret('status-password', answers.status.password) } : {}),
    },
    ...(answers.notify ? { notify: { channels: [notifyChannel(answers.notify, secret)] } } : {}),
    dataDir,
    blogs: handledBlogs(answers).map((blog) => ({
      id: blog.id,
      name: blog.name,
      publisher: blog.target,
      options: blogOptions(blog, secret),
    })),
  };
  for (const part of answers.configParts ?? []) mergePart(data, part);
  const document = new Document(data);
  document.commentBefore =
    ' pressbridge configuration, written by `pressbridge setup` (or the /setup page).\n' +
    ` Secrets are not here: { stored: NAME } reads NAME from ${SECRETS_FILE_NAME} beside this file (mode 0600).\n` +
    ' Every key: docs/configuration.md. Check it with: pressbridge doctor';
  comment(document, ['marketplace'], ' The marketplace API and your blogger key (role bloger, scope write).');
  comment(
    document,
    ['intake'],
    webhookMode
      ? ' webhook: the marketplace calls the public HTTPS address registered by `pressbridge webhook register`.'
      : ' No mode: pressbridge lists accepted deals itself every pollSeconds and nothing listens for a webhook, until\n' +
          ' `pressbridge webhook register` registers one: then the webhook (on webhook.listen) and the poll as its backstop.',
  );
  comment(
    document,
    ['redis'],
    ownRedis
      ? ` pressbridge's own Redis: while pressbridge runs, it runs redis-server (AOF on) on this socket, data in\n` +
          ` ${join(dataDir, 'redis')}, no TCP port. Another Redis: its url and embedded: false.`
      : ' The Redis given to the setup; embedded: false, so pressbridge never starts one of its own beside it.',
  );
  comment(document, ['status'], ' The status page; beyond 127.0.0.1 it asks for the password.');
  comment(document, ['blogs'], ' One entry per marketplace blog pressbridge publishes (docs/publishers.md).');
  return { document, secrets };
}

function notifyChannel(
  answer: NonNullable<SetupAnswers['notify']>,
  secret: (n: string, v: string) => Plain,
): Plain {
  if (answer.type === 'ntfy')
    return { name: 'phone', type: 'ntfy', server: answer.server, topic: answer.topic };
  return {
    name: 'telegram',
    type: 'telegram',
    botToken: secret('notify-telegram-token', answer.botToken),
    chatId: answer.chatId,
  };
}

function comment(document: Document, path: readonly string[], text: string): void {
  const contents = document.contents;
  if (!(contents instanceof YAMLMap)) return;
  const pair = contents.items.find((item) => (item.key as Node & { value?: unknown })?.value === path[0]);
  const key = pair?.key as (Node & { commentBefore?: string | null }) | undefined;
  if (key) key.commentBefore = text;
}

/** Writes `<dataDir>/pressbridge.yaml` and `<dataDir>/secrets.json` (0600); the folder is made 0700. */
export function writeInstallation(answers: SetupAnswers, dataDirInput: string): WrittenInstallation {
  const dataDir = resolve(dataDirInput);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { document, secrets } = buildInstallation(answers, dataDir);
  const configPath = join(dataDir, CONFIG_FILE_NAME);
  const secretsPath = join(dataDir, SECRETS_FILE_NAME);
  // The secrets first: a config that exists always finds its secrets.
  writeFileAtomic(secretsPath, `${JSON.stringify(secrets, null, 2)}\n`, 0o600);
  writeFileAtomic(configPath, document.toString({ lineWidth: 110 }), 0o644);
  return { configPath, secretsPath };
}
