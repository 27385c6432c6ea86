/**
 * Bidi overrides and control characters in a deal as the operator reads it: a real `pressbridge` process per
 * command, the machine's Redis, and a record written as one stored before the marketplace edge cleaned names
 * (so the terminal's own defence is what is tested). No marketplace call is made: the commands read the store.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealStore } from '../../src/deals/store.js';
import { runCliOk } from '../helpers/cli-runner.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

// Escapes, not the characters: this file must not display differently from what it holds.
const SPOOF = '\u202Egnp.exe';
/** Format characters (bidi, zero-width), line separators, and every control but the line feed (ESC, BEL, CSI). */
const HIDDEN = /[\p{Cf}\u2028\u2029]|[^\P{Cc}\n]/u;

describe('pressbridge deal / deals: invisible characters in a title (integration)', () => {
  const prefix = randomPrefix();
  const redis = createTestRedis();
  let dir: string;
  let config: string;

  async function cli(args: string[]) {
    const { stdout, stderr } = await runCliOk(args, {
      env: { ...process.env, PRESSBRIDGE_CONFIG: config, PRESSBRIDGE_LANGUAGE: 'en', NO_COLOR: '1' },
      timeout: 60_000,
    });
    return { stdout, stderr };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pb-invisible-'));
    config = join(dir, 'pressbridge.yaml');
    writeFileSync(
      config,
      [
        'marketplace:',
        '  baseUrl: http://127.0.0.1:9',
        '  apiKey: test-key-not-used',
        'redis:',
        `  url: ${TEST_REDIS_URL}`,
        `  prefix: ${prefix}`,
        `dataDir: ${join(dir, 'data')}`,
        'ui:',
        '  language: en',
        '',
      ].join('\n'),
    );
    const store = createDealStore({ redis, prefix });
    const now = new Date();
    await store.createIfAbsent({
      dealId: 77,
      blogId: 1,
      receivedAt: now.toISOString(),
      deadline: new Date(now.getTime() + 3_600_000).toISOString(),
      state: 'failed',
      title: `Invoice ${SPOOF}\u200B\u001b[2J\u001b]0;pwned\u0007`,
      source: 'webhook',
    });
    await store.update(77, { error: `the site said ${SPOOF}\u009B2J` });
    await store.appendLog(77, { level: 'warn', msg: `title ${SPOOF}`, blogId: 1, fields: { name: SPOOF } });
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('shows each as <U+XXXX> in the deal story, the deals table and the JSON, and the JSON still parses', async () => {
    const story = await cli(['deal', '77']);
    expect(story.stdout).not.toMatch(HIDDEN);
    expect(story.stdout).toContain('Invoice <U+202E>gnp.exe<U+200B><U+001B>[2J<U+001B>]0;pwned<U+0007>');
    expect(story.stdout).toContain('the site said <U+202E>gnp.exe<U+009B>2J');
    expect(story.stdout).toContain('title <U+202E>gnp.exe');

    const table = await cli(['deals']);
    expect(table.stdout).not.toMatch(HIDDEN);
    expect(table.stdout).toContain('Invoice <U+202E>gnp.exe');

    const json = await cli(['deal', '77', '--json']);
    expect(json.stdout).not.toMatch(HIDDEN);
    const data = JSON.parse(json.stdout) as { record: { title: string } };
    // C0 controls travel as JSON escapes (`\u001b`, text on the terminal); the rest is shown like elsewhere.
    expect(json.stdout).toContain('\\u001b[2J');
    expect(data.record.title).toBe('Invoice <U+202E>gnp.exe<U+200B>\u001b[2J\u001b]0;pwned\u0007');
  }, 120_000);
});
