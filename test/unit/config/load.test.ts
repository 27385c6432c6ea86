import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig } from '../../../src/config/load.js';
import { findConfigPath } from '../../../src/config/paths.js';
import { ConfigError } from '../../../src/errors.js';

const minimal = { marketplace: { baseUrl: 'https://api.example.cz', apiKey: 'key-123' } };

function issuesOf(fn: () => unknown): Array<{ path: string; message: string }> {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map(({ path, message }) => ({ path, message }));
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('src/config/load', () => {
  it('fills defaults around a minimal config and freezes the result', () => {
    const config = parseConfig(minimal, {});

    expect(config.webhook.path).toBe('/webhook');
    expect(config.webhook.maxBodyBytes).toBe(1024 * 1024);
    expect(config.status.listen).toEqual({ host: '127.0.0.1', port: 8081 });
    expect(config.marketplace.requestsPerMinute).toBe(60);
    expect(Object.isFrozen(config.marketplace)).toBe(true);
  });

  it.each([
    [{ marketplace: { apiKey: 'k' } }, 'marketplace.baseUrl', /required/],
    [
      { marketplace: { baseUrl: 'ftp://x', apiKey: 'k' } },
      'marketplace.baseUrl',
      /http\(s\) URL \(found "ftp:\/\/x"\)/,
    ],
    [{ ...minimal, worker: { concurrency: 'two' } }, 'worker.concurrency', /expected a number.*found "two"/],
    [{ ...minimal, webhook: { path: 'hook' } }, 'webhook.path', /must start with \//],
    [{ ...minimal, redis: { prefix: 'a:b' } }, 'redis.prefix', /letters, digits/],
    [{ ...minimal, blogs: [{ id: 'x', publisher: 'wordpress' }] }, 'blogs[0].id', /expected a number/],
    [
      { ...minimal, blogs: [{ id: 5, publisher: 'wordpress', bloggerPublished: 'always' }] },
      'blogs[0].bloggerPublished',
      /skip.*draft/,
    ],
  ])('reports one readable line per problem (%#)', (input, path, message) => {
    const issues = issuesOf(() => parseConfig(input, {}));

    expect(issues.map((i) => i.path)).toContain(path);
    expect(issues.find((i) => i.path === path)?.message).toMatch(message);
  });

  it('reports a blog configured twice', () => {
    const input = {
      ...minimal,
      blogs: [
        { id: 7, publisher: 'wordpress' },
        { id: 7, publisher: 'github' },
      ],
    };

    expect(issuesOf(() => parseConfig(input, {}))).toEqual([
      { path: 'blogs[1].id', message: 'blog 7 is configured twice (also at blogs[0])' },
    ]);
  });

  it('requires the end of the grace period with a previous secret', () => {
    const issues = issuesOf(() => parseConfig({ ...minimal, webhook: { previousSecret: 'old' } }, {}));

    expect(issues).toEqual([
      {
        path: 'webhook.previousSecretValidUntil',
        message: expect.stringMatching(/required when previousSecret/),
      },
    ]);
  });

  it('reads secrets from the environment, from *_FILE paths and from references', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-config-'));
    writeFileSync(join(dir, 'secret'), 'from-file\n');
    writeFileSync(join(dir, 'wp'), 'wp-pass');
    const input = {
      marketplace: { baseUrl: 'https://api.example.cz', apiKey: 'overridden' },
      blogs: [{ id: 1, publisher: 'wordpress', options: { applicationPassword: { file: join(dir, 'wp') } } }],
      status: { password: { env: 'MY_STATUS_PASSWORD' } },
    };

    const config = parseConfig(input, {
      PRESSBRIDGE_API_KEY: 'from-env',
      PRESSBRIDGE_WEBHOOK_SECRET_FILE: join(dir, 'secret'),
      MY_STATUS_PASSWORD: 'status-pass',
    });

    expect(config.marketplace.apiKey).toBe('from-env');
    expect(config.webhook.secret).toBe('from-file');
    expect(config.status.password).toBe('status-pass');
    expect(config.blogs[0]?.options.applicationPassword).toBe('wp-pass');
  });

  it('names a missing environment variable once, and never prints secret values', () => {
    const input = { marketplace: { baseUrl: 'https://api.example.cz', apiKey: { env: 'NOT_SET_ANYWHERE' } } };

    const issues = issuesOf(() => parseConfig(input, {}));

    expect(issues).toEqual([
      { path: 'marketplace.apiKey', message: 'environment variable NOT_SET_ANYWHERE is not set' },
    ]);
  });

  it('reports an unreadable secret file', () => {
    const issues = issuesOf(() =>
      parseConfig(minimal, { PRESSBRIDGE_WEBHOOK_SECRET_FILE: '/nonexistent/secret' }),
    );

    expect(issues[0]?.path).toBe('PRESSBRIDGE_WEBHOOK_SECRET_FILE');
    expect(issues[0]?.message).toMatch(/cannot read secret file \/nonexistent\/secret/);
  });

  it('loads YAML from --config or PRESSBRIDGE_CONFIG and reports syntax errors without a stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-config-'));
    const good = join(dir, 'good.yaml');
    const bad = join(dir, 'bad.yaml');
    writeFileSync(good, 'marketplace:\n  baseUrl: https://api.example.cz\n  apiKey: k\n');
    writeFileSync(bad, 'marketplace: [\n');

    expect(loadConfig({ env: { PRESSBRIDGE_CONFIG: good } }).marketplace.apiKey).toBe('k');
    const error = (() => {
      try {
        loadConfig({ path: bad, env: {} });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toMatch(
      new RegExp(`Invalid configuration in ${bad}:\\n  - \\(root\\): YAML syntax`),
    );
    expect(() => loadConfig({ env: {} })).toThrow(/pass --config <file> or set PRESSBRIDGE_CONFIG/);
  });

  it('accepts the annotated example once its referenced secrets are set', () => {
    const config = loadConfig({
      path: 'config/example.yaml',
      env: { PRESSBRIDGE_API_KEY: 'k', PRESSBRIDGE_WEBHOOK_SECRET: 's', WORDPRESS_APP_PASSWORD: 'p' },
    });

    expect(config.blogs[0]?.publisher).toBe('wordpress');
  });

  it("finds an installation's config through PRESSBRIDGE_DATA_DIR, whose data it also keeps there", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-installed-'));
    try {
      writeFileSync(
        join(dir, 'pressbridge.yaml'),
        'marketplace:\n  baseUrl: https://api.example.cz\n  apiKey: k\n',
      );
      const env = {
        PRESSBRIDGE_DATA_DIR: dir,
        PRESSBRIDGE_STATUS_HOST: '0.0.0.0',
        PRESSBRIDGE_REDIS_EMBEDDED: 'true',
      };
      expect(findConfigPath(undefined, env)).toBe(join(dir, 'pressbridge.yaml'));
      const config = loadConfig({ env });
      expect(config.dataDir).toBe(dir);
      expect(config.status.listen).toEqual({ host: '0.0.0.0', port: 8081 });
      expect(config.redis.embedded).toBe(true);
      expect(loadConfig({ env: { ...env, PRESSBRIDGE_REDIS_EMBEDDED: '0' } }).redis.embedded).toBe(false);
      // --config and PRESSBRIDGE_CONFIG still win.
      expect(() => loadConfig({ env: { ...env, PRESSBRIDGE_CONFIG: join(dir, 'other.yaml') } })).toThrow(
        /other\.yaml/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows times in ui.timeZone (default Europe/Prague) and refuses a zone Node does not know', () => {
    const base = { marketplace: { baseUrl: 'https://api.example.cz', apiKey: 'k' } };
    expect(parseConfig(base, {}).ui.timeZone).toBe('Europe/Prague');
    expect(parseConfig({ ...base, ui: { timeZone: 'UTC' } }, {}).ui.timeZone).toBe('UTC');
    expect(issuesOf(() => parseConfig({ ...base, ui: { timeZone: 'Mars/Olympus' } }, {}))).toEqual([
      { path: 'ui.timeZone', message: 'must be an IANA time zone such as Europe/Prague or UTC' },
    ]);
  });

  it('loads a copied example with only the API key set (the webhook secret comes from `webhook register`)', () => {
    const env = { PRESSBRIDGE_API_KEY: 'k' };
    const config = loadConfig({ path: 'config/example.yaml', env, lenientBlogSecrets: true });
    expect(config.webhook.secret).toBeUndefined();
    // A command that builds the publisher names the one secret still to fill in, and only it.
    expect(issuesOf(() => loadConfig({ path: 'config/example.yaml', env }))).toEqual([
      {
        path: 'blogs[0].options.applicationPassword',
        message: 'environment variable WORDPRESS_APP_PASSWORD is not set',
      },
    ]);
  });

  it("lenientBlogSecrets leaves an unset secret in a blog's options unset, and only there", () => {
    const doc = {
      marketplace: { baseUrl: 'https://api.example.cz', apiKey: { env: 'PB_UNSET_KEY' } },
      blogs: [{ id: 1, publisher: 'wordpress', options: { password: { env: 'PB_UNSET_WP' } } }],
    };
    const env = { PB_UNSET_KEY: 'key-123' };
    const config = parseConfig(doc, env, undefined, { lenientBlogSecrets: true });
    expect(config.blogs[0]?.options.password).toBeUndefined();
    expect(issuesOf(() => parseConfig(doc, env))).toEqual([
      { path: 'blogs[0].options.password', message: 'environment variable PB_UNSET_WP is not set' },
    ]);
    expect(issuesOf(() => parseConfig(doc, {}, undefined, { lenientBlogSecrets: true }))).toEqual([
      { path: 'marketplace.apiKey', message: 'environment variable PB_UNSET_KEY is not set' },
    ]);
  });
});
