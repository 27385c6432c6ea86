/**
 * `pressbridge evidence <deal>` as a user runs it: a real process, a real config, a temp data folder with the
 * evidence on disk, the machine's Redis under a unique prefix (and an unreachable one).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealStore } from '../../../src/deals/store.js';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { runCli } from '../../helpers/cli-runner.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';
import { check, deal, testClock } from '../evidence/fixtures.js';

const CLAIM = 'Odkaz <b>zmizel</b> & chybí';

describe('pressbridge evidence', () => {
  let dir: string;
  let redis: Redis;
  const prefix = randomPrefix();

  function config(name: string, language: 'cs' | 'en', redisUrl: string): string {
    const path = join(dir, name);
    writeFileSync(
      path,
      [
        'marketplace:',
        '  baseUrl: http://127.0.0.1:9/',
        '  apiKey: test-key-0123456789',
        'redis:',
        `  url: ${redisUrl}`,
        `  prefix: ${prefix}`,
        'ui:',
        `  language: ${language}`,
        `dataDir: ${join(dir, 'data')}`,
        'blogs:',
        '  - id: 1',
        '    name: Blog',
        '    publisher: static',
        '    options: { baseUrl: "http://127.0.0.1/clanky/" }',
        '',
      ].join('\n'),
    );
    return path;
  }

  const cli = (args: string[], cwd: string) =>
    runCli(args, { cwd, env: { ...process.env, NO_COLOR: '1', PRESSBRIDGE_CONFIG: '' }, timeout: 60_000 });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pb-evidence-cli-'));
    const store = createEvidenceStore({
      dir: join(dir, 'data/evidence'),
      settings: { maxDealBytes: 1 << 30, maxTotalBytes: 1 << 30 },
      clock: testClock(),
      log: createSilentLogger(),
    });
    await store.saveDeal(deal(321, { paid: { reward: 800, price: 1000, at: '2026-11-25T10:00:00.000Z' } }));
    await store.recordCheck(321, {
      check: check(),
      pageSha256: 'c'.repeat(64),
      articleHtml: '<article>v1</article>',
    });
    await store.recordCheck(321, { check: check({ status: 404, ok: false, problem: 'gone' }) });
    redis = createTestRedis();
    const deals = createDealStore({ redis, prefix });
    await deals.createIfAbsent({
      dealId: 321,
      blogId: 1,
      receivedAt: '2026-11-01T08:00:00.000Z',
      deadline: '2026-11-08T08:00:00.000Z',
      state: 'handed_in',
    });
    await deals.recordEvent(321, {
      event: 'claim.created',
      receivedAt: '2026-11-28T12:00:00.000Z',
      outcome: 'recorded',
      body: {
        event: 'claim.created',
        deal_id: 321,
        claim: { text: CLAIM, created_at: '2026-11-28T11:59:00Z' },
      },
    });
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the bundle with the claims from Redis and prints where, what and its SHA-256 (Czech)', async () => {
    const out = join(dir, 'bundle.zip');
    const result = await cli(
      ['evidence', '321', '--out', out, '-c', config('cs.yaml', 'cs', TEST_REDIS_URL)],
      dir,
    );
    expect(result.code, result.stderr).toBe(0);
    const zip = readFileSync(out);
    const sha = createHash('sha256').update(zip).digest('hex');
    expect(result.stdout.trim()).toBe(
      `Balíček důkazů k obchodu 321 uložen do ${out} (kontroly: 2, kopie článku: 1, SHA-256 ${sha}).`,
    );
    expect(result.stderr).toBe('');
    const files = unzipSync(new Uint8Array(zip));
    const report = Buffer.from(files['report.html'] ?? new Uint8Array()).toString('utf8');
    expect(report).toContain('Odkaz &lt;b&gt;zmizel&lt;/b&gt; &amp; chybí');
    expect(report).toContain('Odevzdáno');
    const json = JSON.parse(Buffer.from(files['evidence.json'] ?? new Uint8Array()).toString('utf8'));
    expect(json.state).toBe('handed_in');
    expect(json.claims).toHaveLength(1);
  }, 90_000);

  it('without Redis still writes the bundle from the disk, in the current folder, and says so (English)', async () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    const result = await cli(['evidence', '321', '-c', config('en.yaml', 'en', 'redis://127.0.0.1:1')], cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Redis is not reachable');
    const written = readdirSync(cwd);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^pressbridge-evidence-321-\d{8}-\d{4}\.zip$/);
    expect(result.stdout).toContain(`Evidence bundle of deal 321 written to ${join(cwd, written[0] ?? '')}`);
    expect(result.stdout).toContain('checks: 2, article copies: 1');
    const files = unzipSync(new Uint8Array(readFileSync(join(cwd, written[0] ?? ''))));
    const json = JSON.parse(Buffer.from(files['evidence.json'] ?? new Uint8Array()).toString('utf8'));
    expect(json.claims).toEqual([]);
    expect(Object.keys(files).filter((n) => n.startsWith('snapshots/'))).toHaveLength(1);
  }, 90_000);

  it("pressbridge deal names the deal's evidence and the command for its bundle", async () => {
    const result = await cli(['deal', '321', '-c', config('cs3.yaml', 'cs', TEST_REDIS_URL)], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^Důkazy: 2 zapsaných kontrol, poslední kontrola .+; balíček k reklamaci: pressbridge evidence 321$/m,
    );
  }, 90_000);

  it('refuses a deal without evidence, exits 1 and writes nothing', async () => {
    const cwd = mkdtempSync(join(dir, 'none-'));
    const result = await cli(['evidence', '999', '-c', config('cs2.yaml', 'cs', TEST_REDIS_URL)], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('K obchodu 999 nejsou uloženy žádné důkazy');
    expect(readdirSync(cwd)).toEqual([]);
    expect(existsSync(join(dir, 'data/evidence/999'))).toBe(false);
  }, 90_000);
});
