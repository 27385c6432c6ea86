/**
 * The blog's own side fails: WordPress goes down (its REST API refuses connections, as a crashed PHP or a
 * restarting server does), and a second blog, a static site, runs out of disk. pressbridge must back off and
 * ride out a short outage by itself, end a long one `failed` with a reason that says what to do, keep
 * publishing the other blog's deals meanwhile, and publish everything exactly once when the operator runs
 * `pressbridge retry <id>` after the fix.
 *
 * The worker runs with 4 attempts from 500 ms here (production: 8 from 5 s, about 10½ minutes in all) so the
 * scenario takes seconds; the behaviour is the same. The static site's folder is a 1 MiB tmpfs that the test
 * fills up (the scenario needs root to mount it, as CI has).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealRecord } from '../../src/deals/record.js';
import { freePort } from '../helpers/redis-server.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { until } from '../helpers/until.js';
import { type Scenario, startScenario } from './harness.js';
import { recordScenario } from './report.js';
import { staticArticles } from './scenario-site.js';

const WP_BLOG = 1;
const STATIC_BLOG = 3;

/** Mounts a tmpfs of `size` at a new folder; the suite runs as root (CI does). */
function mountTmpfs(size: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(
      `this scenario mounts a small tmpfs to fill a disk and must run as root (CI does): ${String(error)}`,
    );
  }
  return dir;
}

/** Writes a file until the file system says ENOSPC; returns its path. */
function fillUp(dir: string): string {
  const file = join(dir, 'filler.bin');
  const chunk = Buffer.alloc(16 * 1024, 7);
  writeFileSync(file, '');
  try {
    for (let i = 0; i < 100_000; i++) writeFileSync(file, chunk, { flag: 'a' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    return file;
  }
  throw new Error(`${dir} never filled up`);
}

describe('fault: WordPress down, the static site’s disk full', () => {
  let s: Scenario;
  let proxy: TcpProxy;
  let siteDir: string;
  let sitePort: number;

  beforeAll(async () => {
    siteDir = mountTmpfs('1m');
    sitePort = await freePort();
    s = await startScenario({
      name: 'sitedown',
      timeScale: 1 / 1000,
      photos: 1,
      prepare: async (wp) => {
        proxy = await startTcpProxy({ host: '127.0.0.1', port: wp.port });
        return {
          sandbox: {
            blogs: [
              { id: WP_BLOG, name: 'WordPress blog', url: wp.url, categories: wp.categories },
              { id: STATIC_BLOG, name: 'Static blog', url: `http://127.0.0.1:${sitePort}` },
            ],
          },
          config: {
            worker: { concurrency: 2, attempts: 4, backoffMs: 500 },
            blogs: [
              {
                id: WP_BLOG,
                publisher: 'wordpress',
                options: {
                  url: wp.url,
                  // The REST API through the proxy the test switches off; the public pages stay direct.
                  restRoot: `${proxy.url}/wp-json/`,
                  username: wp.username,
                  applicationPassword: wp.applicationPassword,
                  categories: 'identity',
                  timeoutMs: 5_000,
                },
              },
              {
                id: STATIC_BLOG,
                publisher: 'static',
                options: { dir: siteDir, serve: { host: '127.0.0.1', port: sitePort }, indexPage: false },
              },
            ],
          },
        };
      },
    });
    await s.daemon.start();
  });

  afterAll(async () => {
    await s?.close();
    await proxy?.close();
    if (siteDir) {
      execFileSync('umount', [siteDir], { stdio: 'ignore' });
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  it('rides out a short outage, fails a long one with its reason, keeps the other blog going, and a retry publishes once', async () => {
    const started = Date.now();
    const wpDeal = () => s.createDeal({ blogId: WP_BLOG });
    const staticDeal = () => s.createDeal({ blogId: STATIC_BLOG });

    // 1. The static site's disk fills up: its deal fails at once (a full disk is not waited out), with the fix;
    //    WordPress deals arriving at the same time are published regardless.
    mkdirSync(siteDir, { recursive: true });
    const filler = fillUp(siteDir);
    const diskFull = (await staticDeal()).id;
    const meanwhile = [(await wpDeal()).id, (await wpDeal()).id, (await wpDeal()).id];
    const phase1 = await s.waitUntilFinal([diskFull, ...meanwhile], 60_000);
    expect(phase1.get(diskFull)).toMatchObject({ state: 'failed', errorCode: 'static_disk_full' });
    expect(phase1.get(diskFull)?.error).toMatch(/disk holding .* is full: free some space there, then retry/);
    for (const id of meanwhile) expect(phase1.get(id)?.state, `deal ${id}`).toBe('handed_in');

    // 2. WordPress goes down for good: its deals back off, then end failed with the reason.
    await proxy.down();
    const longOutage = [(await wpDeal()).id, (await wpDeal()).id];
    const phase2 = await s.waitUntilFinal(longOutage, 60_000);
    for (const id of longOutage) {
      const record = phase2.get(id) as DealRecord;
      expect(record, `deal ${id}`).toMatchObject({
        state: 'failed',
        errorCode: 'wordpress_unreachable',
        attempts: 4,
      });
      expect(record.error).toMatch(/^Cannot reach WordPress at .*; will retry/);
    }
    expect(s.countLog('deal attempt failed; will retry')).toBeGreaterThanOrEqual(2 * 3);

    // 3. A short outage: the deal arrives while WordPress is down, which comes back within the backoff.
    //    WordPress comes back once the deal's first attempt has failed on the outage (seen in the daemon's log).
    const failedSoFar = s.countLog('deal attempt failed; will retry');
    const shortOutage = (await wpDeal()).id;
    await until(
      () => s.countLog('deal attempt failed; will retry') > failedSoFar,
      30_000,
      'a failed first attempt',
    );
    await proxy.up();
    const phase3 = await s.waitUntilFinal([shortOutage], 60_000);
    expect(phase3.get(shortOutage)?.state).toBe('handed_in');
    expect(phase3.get(shortOutage)?.attempts).toBeGreaterThan(1);

    // 4. The operator fixes both (space freed, WordPress back) and retries the failed deals by hand.
    rmSync(filler);
    for (const id of [diskFull, ...longOutage]) {
      const run = await s.daemon.cli(['retry', String(id)]);
      expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    }
    const wpIds = [...meanwhile, ...longOutage, shortOutage];
    const records = await s.waitUntilFinal([diskFull, ...wpIds], 60_000);
    for (const id of [diskFull, ...wpIds]) expect(records.get(id)?.state, `deal ${id}`).toBe('handed_in');

    const tally = await s.tally(wpIds);
    const staticCount = staticArticles(siteDir).posts.get(diskFull) ?? 0;
    const handIns = s.sandbox.handIns().filter((h) => h.dealId === diskFull).length;
    recordScenario({
      scenario: 'site down, disk full, retry by hand',
      deals: wpIds.length + 1,
      published: tally.published + (staticCount === 1 && handIns === 1 ? 1 : 0),
      duplicates: tally.duplicates + Math.max(0, staticCount - 1) + Math.max(0, handIns - 1),
      lost: tally.lost + (staticCount === 0 || handIns === 0 ? 1 : 0),
      wallMs: Date.now() - started,
      notes:
        '1 static deal on a full disk, 2 WordPress deals failed in a long outage (all retried by hand), 1 rode out a short one',
    });

    expect(tally.problems).toEqual([]);
    expect(tally).toMatchObject({ published: wpIds.length, duplicates: 0, lost: 0 });
    expect(staticCount).toBe(1);
    expect(handIns).toBe(1);
    expect(s.sandbox.handIns()).toHaveLength(wpIds.length + 1);
    expect(s.daemon.exits).toEqual([]);
  });
});
