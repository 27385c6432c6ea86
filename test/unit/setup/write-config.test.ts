/**
 * src/setup/write-config: the installation's files are written where they belong even when the data folder
 * holds a planted symlink at the temporary name (the secrets never follow it to another file); the poll intake
 * it writes gives way to the webhook once one is registered (issue 28, item 7); with no Redis given, pressbridge's
 * own on a socket in the data folder, and a Redis given as it is, with none of its own beside it (decision 22).
 */
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.js';
import { intakeOf, takesWebhooks } from '../../../src/intake/mode.js';
import type { SetupAnswers } from '../../../src/setup/answers/index.js';
import { writeInstallation } from '../../../src/setup/write-config.js';
import { secretFilePath, writeSecretFile } from '../../../src/webhook/secret-file.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'pb-write-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const answers: SetupAnswers = {
  language: 'en',
  marketplace: { baseUrl: 'https://api.example', apiKey: 'mk_SECRET_key' },
  blogs: [
    {
      id: 1,
      name: 'Blog',
      url: 'https://blog.example',
      target: 'static',
      static: { dir: '/tmp/site', baseUrl: 'https://blog.example/' },
      agent: false,
    },
  ],
  intake: { mode: 'poll', listen: { host: '127.0.0.1', port: 8080 } },
  status: { host: '127.0.0.1', port: 8081 },
};

describe('src/setup/write-config', () => {
  it("merges the steps' own parts over the engine's answers, key by key, and never into an object's prototype", () => {
    const dataDir = tempDir();
    const parts = [
      { ui: { timeZone: 'Europe/Bratislava' } },
      { status: { listen: { port: 9090 } } },
      JSON.parse(
        '{"__proto__": {"polluted": true}, "ui": {"constructor": {"prototype": {"polluted": true}}}}',
      ),
    ];
    const written = writeInstallation({ ...answers, configParts: parts }, dataDir);
    const config = loadConfig({ path: written.configPath, env: {} });
    expect(config.ui).toMatchObject({ language: 'en', timeZone: 'Europe/Bratislava' });
    // The part's key replaced the engine's; the keys beside it stayed.
    expect(config.status.listen).toEqual({ host: '127.0.0.1', port: 9090 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(readFileSync(written.configPath, 'utf8')).not.toContain('polluted');
  });

  it('does not follow a symlink planted at the temporary file names', () => {
    const dataDir = tempDir();
    const elsewhere = join(tempDir(), 'stolen');
    writeFileSync(elsewhere, '', { mode: 0o644 });
    for (const name of ['secrets.json', 'pressbridge.yaml']) {
      symlinkSync(elsewhere, join(dataDir, `${name}.${process.pid}.tmp`));
    }
    const written = writeInstallation(answers, dataDir);
    expect(readFileSync(elsewhere, 'utf8')).toBe('');
    expect(lstatSync(written.secretsPath).isSymbolicLink()).toBe(false);
    expect(lstatSync(written.secretsPath).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(written.secretsPath, 'utf8'))).toEqual({
      'marketplace-api-key': 'mk_SECRET_key',
    });
    expect(lstatSync(written.configPath).isSymbolicLink()).toBe(false);
  });

  it('poll intake: no intake.mode written, so a webhook registered later makes the intake both, listener and all', () => {
    const dataDir = tempDir();
    const written = writeInstallation(answers, dataDir);
    expect(readFileSync(written.configPath, 'utf8')).not.toMatch(/^\s*mode:/m);
    const config = loadConfig({ path: written.configPath, env: {} });
    expect(config.intake.mode).toBeUndefined();
    expect(intakeOf(config)).toMatchObject({ mode: 'poll', chosen: 'default', pollMs: 30_000 });
    expect(takesWebhooks(intakeOf(config))).toBe(false);
    // The listener the webhook will need, chosen in the setup: loopback (behind a proxy) and its port.
    expect(config.webhook.listen).toEqual({ host: '127.0.0.1', port: 8080 });

    // What `pressbridge webhook register` writes: the daemon reads the intake again after each poll.
    writeSecretFile(secretFilePath(config), {
      secret: 'whsec_registered',
      updatedAt: new Date().toISOString(),
      url: 'https://blog.example/webhook',
    });
    expect(intakeOf(config)).toMatchObject({ mode: 'both', chosen: 'default', pollMs: 5 * 60_000 });
    expect(takesWebhooks(intakeOf(config))).toBe(true);
  });

  it('keeps the port chosen in the setup, and the webhook intake its mode and public address', () => {
    const polling = writeInstallation(
      { ...answers, intake: { mode: 'poll', listen: { port: 9123 } } },
      tempDir(),
    );
    expect(loadConfig({ path: polling.configPath, env: {} }).webhook.listen).toEqual({
      host: '127.0.0.1',
      port: 9123,
    });
    const webhook = writeInstallation(
      {
        ...answers,
        intake: { mode: 'webhook', webhookUrl: 'https://blog.example/webhook', listen: { port: 9124 } },
      },
      tempDir(),
    );
    const config = loadConfig({ path: webhook.configPath, env: {} });
    expect(config.intake.mode).toBe('webhook');
    expect(config.webhook.listen).toEqual({ host: '0.0.0.0', port: 9124 });
  });

  it("no Redis given: pressbridge's own on the data folder's socket; the environment's Redis still wins", () => {
    const dataDir = tempDir();
    const written = writeInstallation(answers, dataDir);
    const text = readFileSync(written.configPath, 'utf8');
    expect(text).toContain(`url: unix://${dataDir}/redis/redis.sock`);
    expect(text).toContain(
      "# pressbridge's own Redis: while pressbridge runs, it runs redis-server (AOF on)",
    );
    const config = loadConfig({ path: written.configPath, env: {} });
    expect(config.redis).toMatchObject({ url: `unix://${dataDir}/redis/redis.sock`, embedded: true });
    const docker = loadConfig({
      path: written.configPath,
      env: { PRESSBRIDGE_REDIS_URL: 'redis://redis:6379', PRESSBRIDGE_REDIS_EMBEDDED: 'false' },
    });
    expect(docker.redis).toMatchObject({ url: 'redis://redis:6379', embedded: false });
  });

  it('a Redis given (a flag, PRESSBRIDGE_REDIS_URL): used as it is, and no own Redis started beside it', () => {
    const written = writeInstallation(
      { ...answers, redis: { url: 'redis://10.0.0.5:6379', prefix: 'blog1' } },
      tempDir(),
    );
    expect(readFileSync(written.configPath, 'utf8')).toContain('never starts one of its own beside it');
    expect(loadConfig({ path: written.configPath, env: {} }).redis).toEqual({
      url: 'redis://10.0.0.5:6379',
      prefix: 'blog1',
      embedded: false,
    });
  });
});
