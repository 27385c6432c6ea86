/**
 * `pressbridge demands`, `demands decline` and `offer` as a user runs them (a real process, a real config file, the
 * machine's Redis, the sandbox marketplace): the list with verdicts and reasons (and `--json`), an offer with
 * `--yes` and again, a refused bid's meaning and exit code, no offer without a terminal or `--yes`, decline-all,
 * the intake off, and each language alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemandStore, type DemandStore } from '../../src/demands/store.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/cli-runner.js';
import { foreignWords } from '../helpers/language.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

const BLOG = 1;

describe('pressbridge demands / offer (integration)', () => {
  let dir: string;
  let sandbox: Sandbox;
  let redis: Redis;
  let store: DemandStore;
  const prefix = randomPrefix();
  const configs = { cs: '', en: '', off: '' };
  const ids = { judged: 0, low: 0, ask: 0 };

  const cli = (args: string[], config: keyof typeof configs = 'cs') =>
    runCli(args, {
      env: { ...process.env, PRESSBRIDGE_CONFIG: configs[config], NO_COLOR: '1' },
      timeout: 60_000,
    });
  const offersOn = (demandId: number) => sandbox.listDeals().filter((d) => d.demandId === demandId);

  async function demand(name: string, reward: number, seenAt: Date): Promise<number> {
    const created = await sandbox.createDemand({ name, reward, blogIds: [BLOG], deliver: false });
    await store.see(BLOG, { id: created.id, name, reward, ns: 2, expectation: '1' }, seenAt, 'poll');
    return created.id;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pb-demands-'));
    sandbox = await createSandbox({ blogs: [{ id: BLOG, name: 'Zahrada a dům', url: 'http://127.0.0.1' }] });
    for (const name of ['cs', 'en', 'off'] as const) {
      configs[name] = join(dir, `pressbridge-${name}.yaml`);
      writeFileSync(
        configs[name],
        [
          'marketplace:',
          `  baseUrl: ${sandbox.url}`,
          `  apiKey: ${sandbox.apiKey}`,
          'redis:',
          `  url: ${TEST_REDIS_URL}`,
          `  prefix: ${prefix}`,
          'ui:',
          `  language: ${name === 'en' ? 'en' : 'cs'}`,
          ...(name === 'off' ? ['demands:', '  enabled: false'] : []),
          `dataDir: ${join(dir, 'data')}`,
          'blogs:',
          '  - id: 1',
          '    name: Zahrada a dům',
          '    publisher: static',
          '    options: { baseUrl: "http://127.0.0.1/clanky/" }',
          '',
        ].join('\n'),
      );
    }
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    store = createDemandStore(redis, prefix);
    const now = Date.now();
    ids.judged = await demand('Sekačky', 1500, new Date(now - 3000));
    await store.judged(
      BLOG,
      ids.judged,
      { readAt: new Date().toISOString() },
      {
        outcome: 'refuse',
        reasons: [
          {
            rule: 'minReward',
            outcome: 'refuse',
            said: { key: 'verdict.reason.reward_low', params: { reward: 1500, min: 2000 } },
          },
        ],
      },
    );
    ids.low = await demand('Zahradní nábytek', 1500, new Date(now - 2000));
    ids.ask = await demand('Bazény', 900, new Date(now - 1000));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (redis) {
      await deleteKeys(redis, prefix);
      redis.disconnect();
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists the demands newest first with the verdict and its reasons, and as JSON', async () => {
    const text = await cli(['demands']);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n').filter((l) => l.startsWith('  #'));
    expect(lines.map((l) => l.trim().split(' ')[0])).toEqual([
      `#${ids.ask}`,
      `#${ids.low}`,
      `#${ids.judged}`,
    ]);
    expect(lines[2]).toContain('Odmítnout: odměna 1\u00a0500 Kč je pod vaším minimem 2\u00a0000 Kč');
    expect(lines[2]).toContain('2 NS · SEO');
    expect(lines[0]).toContain('zatím neposouzena');
    const json = await cli(['demands', '--blog', '1', '--json']);
    expect(json.code).toBe(0);
    const data = JSON.parse(json.stdout) as {
      enabled: boolean;
      blogs: Array<{ blogId: number; demands: Array<{ demandId: number }> }>;
    };
    expect(data.enabled).toBe(true);
    expect(data.blogs[0]?.demands.map((d) => d.demandId)).toEqual([ids.ask, ids.low, ids.judged]);
    const english = await cli(['demands'], 'en');
    expect(english.stdout).toContain('Refuse: the reward of 1,500 Kč is under your minimum');
    expect(
      foreignWords(english.stdout, 'en', ['Zahrada a dům', 'Sekačky', 'Zahradní nábytek', 'Bazény', 'Kč']),
    ).toEqual([]);
    expect(foreignWords(text.stdout, 'cs', ['Sekačky', 'Zahradní nábytek', 'Bazény'])).toEqual([]);
  });

  it('offers with --yes, says "already offered" the second time, and exits 1 with a refusal’s meaning', async () => {
    const offered = await cli([
      'offer',
      String(ids.judged),
      '--reward',
      '1800',
      '--note',
      'Nápad na článek',
      '--yes',
    ]);
    expect(offered.code).toBe(0);
    const [deal] = offersOn(ids.judged);
    expect(deal).toMatchObject({ state: 'nabidnuto_vyssi', reward: 1800 });
    expect(offered.stdout).toContain('Je to vyšší nabídka: základní odměna je 1\u00a0500\u00a0Kč.');
    expect(offered.stdout).toContain(`Nabídka odeslána: obchod #${deal?.id}`);
    expect((await store.get(BLOG, ids.judged))?.offer?.by).toBe('cli');

    const again = await cli(['offer', String(ids.judged), '--yes']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('už blog nabídku má');
    expect(offersOn(ids.judged)).toHaveLength(1);

    const low = await cli(['offer', String(ids.low), '--reward', '1000', '--yes', '--json']);
    expect(low.code).toBe(1);
    expect(JSON.parse(low.stdout)).toMatchObject({
      status: 'failed',
      failure: { code: 'reward_not_above_base' },
    });
    const lowText = await cli(['offer', String(ids.low), '--reward', '1000', '--yes'], 'en');
    expect(lowText.code).toBe(1);
    expect(lowText.stdout).toContain("may not be below the demand's base reward");
    expect(offersOn(ids.low)).toEqual([]);

    const unknown = await cli(['offer', '987654', '--yes']);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('Tuto poptávku pressbridge u blogu nezná');
  });

  it('asks before it offers: without a terminal it needs --yes and sends nothing', async () => {
    const asked = await cli(['offer', String(ids.ask)]);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('--yes');
    expect(offersOn(ids.ask)).toEqual([]);
  });

  it('declines every available demand of the blog, and says when the intake is off', async () => {
    const declined = await cli(['demands', 'decline', '--blog', '1', '--yes']);
    expect(declined.code).toBe(0);
    expect(declined.stdout).toMatch(/Odmítnuto poptávek: [1-9]/);
    expect((await store.get(BLOG, ids.ask))?.declinedAt).toBeDefined();
    const unknownBlog = await cli(['demands', 'decline', '--blog', '7', '--yes']);
    expect(unknownBlog.code).toBe(1);
    expect(unknownBlog.stderr).toContain('Blog 7 v konfiguraci není');
    const noBlog = await cli(['demands', 'decline', '--yes']);
    expect(noBlog.code).toBe(1);
    expect(noBlog.stderr).toContain('pressbridge demands decline --blog <id>');
    const off = await cli(['demands'], 'off');
    expect(off.code).toBe(0);
    expect(off.stdout).toContain('Příjem poptávek je vypnutý');
    const offerOff = await cli(['offer', String(ids.low), '--yes'], 'off');
    expect(offerOff.code).toBe(1);
  });
});
