/**
 * `pressbridge evidence <deal>` as a user runs it: a real process, a real config, a temp data folder with the
 * evidence on disk, the machine's Redis under a unique prefix (and an unreachable one).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
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
    // 322: two article copies, the second replaced by a FIFO; 323: deal.json a planted link; 324: a FIFO.
    await store.saveDeal(deal(322));
    for (const [i, at] of ['2026-11-20T10:00:00.000Z', '2026-11-21T10:00:00.000Z'].entries()) {
      const textSha256 = String(i).repeat(64);
      await store.recordCheck(322, {
        check: check({ at, textSha256 }),
        articleHtml: `<article>v${i}</article>`,
      });
    }
    const snapshots = join(dir, 'data/evidence/322/snapshots');
    const second = readdirSync(snapshots).sort()[1] ?? '';
    rmSync(join(snapshots, second));
    execFileSync('mkfifo', [join(snapshots, second)]);
    for (const id of [323, 324]) {
      await store.saveDeal(deal(id));
      await store.recordCheck(id, { check: check(), articleHtml: '<article>x</article>' });
    }
    rmSync(join(dir, 'data/evidence/323/deal.json'));
    symlinkSync(join(dir, 'data/evidence/321/deal.json'), join(dir, 'data/evidence/323/deal.json'));
    rmSync(join(dir, 'data/evidence/324/deal.json'));
    execFileSync('mkfifo', [join(dir, 'data/evidence/324/deal.json')]);
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

  it('writes a new file of mode 0600 only: a link planted under the name or an existing file is refused, untouched', async () => {
    const cwd = mkdtempSync(join(dir, 'out-'));
    const en = config('en-out.yaml', 'en', 'redis://127.0.0.1:1');
    const target = join(dir, 'elsewhere.zip');
    const planted = join(cwd, 'planted.zip');
    symlinkSync(target, planted);
    const existing = join(cwd, 'existing.zip');
    writeFileSync(existing, 'kept', { mode: 0o644 });

    for (const out of [planted, existing]) {
      const result = await cli(['evidence', '321', '--out', out, '-c', en], cwd);
      expect([out, result.code]).toEqual([out, 1]);
      expect(result.stderr).toContain(
        `Error: ${out} exists; pressbridge does not overwrite it. Give --out another name.`,
      );
      expect(result.stderr).not.toMatch(/Unexpected error|\n\s+at /);
    }
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(planted).isSymbolicLink()).toBe(true);
    expect(readFileSync(existing, 'utf8')).toBe('kept');
    expect(statSync(existing).mode & 0o777).toBe(0o644);

    const fresh = join(cwd, 'fresh.zip');
    const written = await cli(['evidence', '321', '--out', fresh, '-c', en], cwd);
    expect(written.code, written.stderr).toBe(0);
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
  }, 90_000);

  it('a planted link or FIFO in the evidence folder: one sentence naming the folder, no stack, nothing written', async () => {
    const cwd = mkdtempSync(join(dir, 'planted-'));
    const en = config('en-planted.yaml', 'en', 'redis://127.0.0.1:1');
    for (const id of ['323', '324']) {
      const result = await cli(['evidence', id, '-c', en], cwd);
      expect([id, result.code]).toEqual([id, 1]);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^Error: The evidence of deal ${id} cannot be read from the disk \\(.+\\)\\. Check the evidence folder ${join(dir, 'data/evidence')} `,
        ),
      );
      expect(result.stderr).not.toMatch(/Unexpected error|\s+at /);
    }
    expect(readdirSync(cwd)).toEqual([]);
  }, 90_000);

  it('counts the article copies the zip holds (one refused as a FIFO is not among them)', async () => {
    const cwd = mkdtempSync(join(dir, 'count-'));
    const out = join(cwd, 'b.zip');
    const result = await cli(
      ['evidence', '322', '--out', out, '-c', config('en-count.yaml', 'en', 'redis://127.0.0.1:1')],
      cwd,
    );
    expect(result.code, result.stderr).toBe(0);
    const files = unzipSync(new Uint8Array(readFileSync(out)));
    const held = Object.keys(files).filter((n) => n.startsWith('snapshots/')).length;
    expect(held).toBe(1);
    expect(result.stdout).toContain(`checks: 2, article copies: ${held},`);
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
