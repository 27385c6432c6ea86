/**
 * The total limit at scale: thousands of deals whose check lines alone (never pruned) exceed
 * `evidence.maxTotalBytes`. Pruning can free nothing then, and each new line must not rescan every deal.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { check, deal, testClock } from './fixtures.js';

const DEALS = 3000;

describe('evidence total limit with thousands of deals', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-ev-total-attack-'));
    // Written as the store lays them out (src/evidence/types.ts), without a fsync each: the setup stays fast.
    const line = JSON.stringify({ seq: 1, kind: 'first', check: check() });
    for (let id = 1; id <= DEALS; id++) {
      mkdirSync(join(dir, String(id)));
      writeFileSync(
        join(dir, String(id), 'deal.json'),
        `${JSON.stringify({ ...deal(id), updatedAt: 'x' })}\n`,
      );
      writeFileSync(join(dir, String(id), 'checks.jsonl'), `${line}\n`);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('does not scan every deal again at each new line when nothing is left to prune', async () => {
    const store = createEvidenceStore({
      dir,
      settings: { maxDealBytes: 1 << 30, maxTotalBytes: 1024 * 1024 },
      clock: testClock(),
      log: createSilentLogger(),
    });
    expect((await store.usage()).totalBytes).toBeGreaterThan(2 * 1024 * 1024);
    // The first line over the limit scans every deal once, and finds nothing to prune.
    await store.recordCheck(1, { check: check({ status: 499, ok: false }) });
    const started = performance.now();
    for (let i = 0; i < 30; i++) {
      const { appended } = await store.recordCheck(1, { check: check({ status: 500 + i, ok: false }) });
      expect(appended).toBeDefined();
    }
    const perLine = (performance.now() - started) / 30;
    // A scan of 3000 deals takes seconds; a line without one, milliseconds.
    expect(perLine).toBeLessThan(100);
  }, 120_000);
});
