/** `pressbridge notify test [channel]` as a user runs it: a real process, a config file, real receivers. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecentNotifications } from '../../src/notify/record.js';
import { runCli } from '../helpers/cli-runner.js';
import { deadPort, startHttpReceiver, startSmtpServer } from '../helpers/notify-receivers.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { ...process.env, ...env, PRESSBRIDGE_CONFIG: '', NO_COLOR: '1' }, timeout: 120_000 });

describe('pressbridge notify test (integration)', { timeout: 240_000 }, () => {
  const prefix = randomPrefix();
  let dir: string;
  let redis: Redis;
  let hook: Awaited<ReturnType<typeof startHttpReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dead: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pb-notify-cli-'));
    redis = createTestRedis();
    hook = await startHttpReceiver();
    smtp = await startSmtpServer({ user: 'jana', password: 'smtp-cli-secret' });
    dead = await deadPort();
  });
  afterAll(async () => {
    await hook.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
    await deleteKeys(redis, prefix);
    await redis.quit();
  });

  function config(language: 'cs' | 'en', channels: string): string {
    const file = join(dir, `${language}-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(
      file,
      `marketplace:
  baseUrl: http://127.0.0.1:1
  apiKey: key-not-used
redis:
  url: ${TEST_REDIS_URL}
  prefix: ${prefix}
ui:
  language: ${language}
notify:
  quietHours: { from: "00:00", to: "23:59" }
  channels:
${channels}`,
    );
    return file;
  }

  const good = () => `    - { name: hook, type: webhook, url: "${hook.url}/in" }
    - { name: mail, type: smtp, host: 127.0.0.1, port: ${smtp.port}, user: jana, password: { env: SMTP_PW }, from: pb@example.cz, to: jana@example.cz }
`;

  it('sends a test through every channel — past quiet hours — and prints each one sent, in Czech', async () => {
    const result = await cli(['notify', 'test', '--config', config('cs', good())], {
      SMTP_PW: 'smtp-cli-secret',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Posílám zkušební upozornění (kanály: hook, mail)');
    expect(result.stdout).toContain('hook: odesláno');
    expect(result.stdout).toContain('mail: odesláno');
    const body = JSON.parse(hook.requests.at(-1)?.body ?? '{}') as {
      topic: string;
      title: string;
      body: string;
    };
    expect(body.topic).toBe('test');
    expect(body.title).toBe('pressbridge: zkušební upozornění');
    expect(body.body).toContain('Tohle je zkouška kanálu „hook“');
    expect(smtp.mails.at(-1)?.parsed.subject).toBe('pressbridge: zkušební upozornění');
    const recent = await readRecentNotifications(redis, prefix);
    expect(recent.filter((r) => r.topic === 'test').length).toBeGreaterThanOrEqual(2);
  });

  it('only the named channel; a dead one fails with the reason and exit 1, in English', async () => {
    const file = config(
      'en',
      `${good()}    - { name: phone, type: ntfy, server: "http://127.0.0.1:${dead}", topic: pb, token: tk_cli_secret_token }
`,
    );
    const before = hook.requests.length;
    const one = await cli(['notify', 'test', 'hook', '--config', file], { SMTP_PW: 'smtp-cli-secret' });
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('hook: sent');
    expect(one.stdout).not.toContain('mail');
    expect(hook.requests.length).toBe(before + 1);

    const down = await cli(['notify', 'test', 'phone', '--config', file], { SMTP_PW: 'smtp-cli-secret' });
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/phone: not delivered – .*ECONNREFUSED/);
    expect(`${down.stdout}${down.stderr}`).not.toContain('tk_cli_secret_token');

    const unknown = await cli(['notify', 'test', 'pager', '--config', file], { SMTP_PW: 'smtp-cli-secret' });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'There is no channel "pager" in the config. Configured channels: hook, mail, phone.',
    );
  });

  it('a dead channel in Czech: the reason in Czech too, not the English of the log', async () => {
    const file = config(
      'cs',
      `    - { name: phone, type: ntfy, server: "http://127.0.0.1:${dead}", topic: pb }
`,
    );
    const down = await cli(['notify', 'test', '--config', file]);
    expect(down.code).toBe(1);
    expect(down.stdout).toContain('phone: nedoručeno – spojení odmítnuto [ECONNREFUSED]');
    expect(down.stdout).not.toContain('connection refused');
  });

  it('says there is nowhere to send when no channel is configured', async () => {
    const file = join(dir, 'none.yaml');
    writeFileSync(file, 'marketplace:\n  baseUrl: http://127.0.0.1:1\n  apiKey: k\n');
    const result = await cli(['notify', 'test', '--config', file]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Chyba: V konfiguraci není žádný kanál (notify.channels), zkoušku není kam poslat.',
    );
  });
});
