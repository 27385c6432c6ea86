/**
 * Attacks on the evidence store on disk (src/evidence/store.ts): odd deal ids, tampered file names in
 * checks.jsonl, symlinks planted in the evidence folder, torn and garbage lines, an article part larger than the
 * deal's limit. Real files in a temp dir.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEvidenceBundler } from '../../../src/evidence/bundle.js';
import { createEvidenceStore, SNAPSHOT_MAX_BYTES } from '../../../src/evidence/store.js';
import type { EvidenceStore } from '../../../src/evidence/types.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { check, deal, incompressibleHtml, testClock } from './fixtures.js';

describe('evidence store under attack', () => {
  let root: string;
  let dir: string;
  let outside: string;
  let store: EvidenceStore;
  const clock = testClock();

  const open = (maxDealBytes = 1 << 30) =>
    createEvidenceStore({
      dir,
      settings: { maxDealBytes, maxTotalBytes: 1 << 30 },
      clock,
      log: createSilentLogger(),
    });
  const filesIn = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder).sort() : []);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pb-ev-attack-'));
    dir = join(root, 'evidence');
    outside = join(root, 'outside');
    mkdirSync(dir);
    mkdirSync(outside);
    store = open();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('refuses deal ids that are not positive safe integers, and never touches the folder for them', async () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      await expect(store.read(id)).rejects.toThrow(/no deal id/);
      await expect(store.readSnapshot(id, '1-0123456789abcdef.html.gz')).rejects.toThrow(/no deal id/);
      await expect(store.saveDeal(deal(id))).rejects.toThrow(/no deal id/);
    }
    expect(filesIn(dir)).toEqual([]);
  });

  it('reads no snapshot name but its own pattern', async () => {
    writeFileSync(join(outside, 'x'), 'secret');
    for (const name of [
      '../../outside/x',
      '../deal.json',
      '/etc/passwd',
      '1-0123456789abcdef.html.gz/../x',
    ]) {
      await expect(store.readSnapshot(1, name)).rejects.toThrow(/no snapshot name/);
    }
  });

  it('bundles no file a tampered checks.jsonl names outside snapshots/', async () => {
    await store.saveDeal(deal(5));
    await store.recordCheck(5, { check: check(), articleHtml: '<article>ok</article>' });
    writeFileSync(join(outside, 'x.html.gz'), 'stolen');
    const line = {
      seq: 2,
      kind: 'change',
      check: check({ at: '2026-11-21T10:00:00.000Z', status: 404 }),
      snapshot: { file: '../../outside/x.html.gz', sha256: 'f'.repeat(64), bytes: 6, storedBytes: 6 },
    };
    await appendFile(join(dir, '5', 'checks.jsonl'), `${JSON.stringify(line)}\n`);
    const bundler = createEvidenceBundler({ store, t: createTranslator('en'), timeZone: 'UTC', clock });
    const bundle = await bundler(5, {});
    expect(bundle).toBeDefined();
    const { unzipSync } = await import('fflate');
    const files = unzipSync(new Uint8Array(bundle?.zip ?? new Uint8Array()));
    expect(Object.keys(files).filter((n) => n.startsWith('snapshots/'))).toHaveLength(1);
    expect(Object.values(files).some((b) => Buffer.from(b).toString('utf8').includes('stolen'))).toBe(false);
  });

  it('bundles a snapshot once though tampered lines name it twice', async () => {
    await store.saveDeal(deal(13));
    const { appended } = await store.recordCheck(13, {
      check: check(),
      articleHtml: '<article>ok</article>',
    });
    const again = {
      ...appended,
      seq: 2,
      kind: 'change',
      check: check({ status: 404, at: '2026-11-21T10:00:00Z' }),
    };
    await appendFile(join(dir, '13', 'checks.jsonl'), `${JSON.stringify(again)}\n`);
    const bundler = createEvidenceBundler({ store, t: createTranslator('en'), timeZone: 'UTC', clock });
    const bundle = await bundler(13, {});
    const { unzipSync } = await import('fflate');
    const names: string[] = [];
    unzipSync(new Uint8Array(bundle?.zip ?? new Uint8Array()), {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
    expect(names.filter((n) => n.startsWith('snapshots/'))).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
  });

  it('does not hang on a FIFO planted in place of checks.jsonl or a snapshot', async () => {
    await store.saveDeal(deal(14));
    await store.recordCheck(14, { check: check(), articleHtml: '<article>ok</article>' });
    const name = filesIn(join(dir, '14', 'snapshots'))[0] ?? '';
    rmSync(join(dir, '14', 'snapshots', name));
    execFileSync('mkfifo', [join(dir, '14', 'snapshots', name)]);
    await expect(store.readSnapshot(14, name)).rejects.toThrow(/not a regular file/);
    rmSync(join(dir, '14', 'checks.jsonl'));
    execFileSync('mkfifo', [join(dir, '14', 'checks.jsonl')]);
    await expect(store.read(14)).rejects.toThrow(/not a regular file/);
    await expect(
      store.recordCheck(14, { check: check({ status: 404, at: '2026-11-21T10:00:00Z' }) }),
    ).rejects.toThrow(/not a regular file/);
  });

  it('keeps the folders 0700 and the files 0600', async () => {
    await store.saveDeal(deal(15));
    await store.recordCheck(15, { check: check(), articleHtml: '<article>ok</article>' });
    const mode = (path: string): number => statSync(path).mode & 0o777;
    expect(mode(join(dir, '15'))).toBe(0o700);
    expect(mode(join(dir, '15', 'snapshots'))).toBe(0o700);
    for (const file of ['deal.json', 'checks.jsonl', 'latest.json'])
      expect(mode(join(dir, '15', file)), file).toBe(0o600);
    const name = filesIn(join(dir, '15', 'snapshots'))[0] ?? '';
    expect(mode(join(dir, '15', 'snapshots', name))).toBe(0o600);
  });

  it('skips torn and garbage lines of checks.jsonl and goes on appending after them', async () => {
    await store.saveDeal(deal(6));
    await store.recordCheck(6, { check: check() });
    const file = join(dir, '6', 'checks.jsonl');
    await appendFile(file, '{"seq":2,"kind":"cha\n\u0000\u0000garbage\n[1,2]\n{"seq":"x"}\n{"seq":9,"kin');
    const appended = await store.recordCheck(6, {
      check: check({ status: 500, at: '2026-11-21T10:00:00Z' }),
    });
    expect(appended.appended?.seq).toBe(2);
    const read = await store.read(6);
    expect(read?.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
  });

  it('does not write a new snapshot through a snapshots/ symlink pointing out of the folder', async () => {
    await store.saveDeal(deal(7));
    symlinkSync(outside, join(dir, '7', 'snapshots'));
    await store
      .recordCheck(7, { check: check(), articleHtml: '<article>one</article>' })
      .catch(() => undefined);
    expect(filesIn(outside)).toEqual([]);
  });

  it('does not read or prune snapshots through a snapshots/ symlink', async () => {
    await store.saveDeal(deal(8));
    await store.recordCheck(8, { check: check(), articleHtml: '<article>one</article>' });
    const name = filesIn(join(dir, '8', 'snapshots'))[0] ?? '';
    // Someone swaps the folder for a link to another folder holding a file of that name.
    rmSync(join(dir, '8', 'snapshots'), { recursive: true });
    writeFileSync(join(outside, name), 'not gzip, not ours');
    symlinkSync(outside, join(dir, '8', 'snapshots'));
    await expect(store.readSnapshot(8, name)).rejects.toThrow(/symbolic link|not a folder|ELOOP|ENOTDIR/);
    // A tiny deal limit would prune the old snapshot: it must not be removed through the link.
    const tight = open(64 * 1024);
    await tight
      .recordCheck(8, {
        check: check({ status: 500, at: '2026-11-22T10:00:00Z' }),
        articleHtml: incompressibleHtml(70_000),
      })
      .catch(() => undefined);
    expect(filesIn(outside)).toEqual([name]);
  });

  it('neither reads nor appends through symlinked deal.json, checks.jsonl or pruned.jsonl', async () => {
    await store.saveDeal(deal(9));
    await store.recordCheck(9, { check: check() });
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'untouched\n');
    const checks = join(dir, '9', 'checks.jsonl');
    rmSync(checks);
    symlinkSync(victim, checks);
    await store
      .recordCheck(9, { check: check({ status: 404, at: '2026-11-23T10:00:00Z' }) })
      .catch(() => undefined);
    expect(readFileSync(victim, 'utf8')).toBe('untouched\n');

    // deal.json pointing at a JSON file elsewhere: not read as the deal's.
    const foreign = join(outside, 'foreign.json');
    writeFileSync(foreign, JSON.stringify({ ...deal(9), title: 'FOREIGN', updatedAt: 'x' }));
    rmSync(join(dir, '9', 'deal.json'));
    symlinkSync(foreign, join(dir, '9', 'deal.json'));
    const read = await store.read(9).catch(() => undefined);
    expect(read?.deal?.title).not.toBe('FOREIGN');
  });

  it('does not follow a deal folder that is a symlink out of the evidence folder', async () => {
    symlinkSync(outside, join(dir, '10'));
    await store.saveDeal(deal(10)).catch(() => undefined);
    await store
      .recordCheck(10, { check: check(), articleHtml: '<article>x</article>' })
      .catch(() => undefined);
    expect(filesIn(outside)).toEqual([]);
    expect(await store.dealIds()).toEqual([]);
  });

  it('refuses to unpack a snapshot file swapped for a gzip bomb', async () => {
    await store.saveDeal(deal(12));
    await store.recordCheck(12, { check: check(), articleHtml: '<article>one</article>' });
    const name = filesIn(join(dir, '12', 'snapshots'))[0] ?? '';
    writeFileSync(join(dir, '12', 'snapshots', name), gzipSync(Buffer.alloc(SNAPSHOT_MAX_BYTES + 1)));
    await expect(store.readSnapshot(12, name)).rejects.toThrow(/buffer|length|large/i);
  });

  it('keeps a check whose article part is larger than the deal limit without its snapshot, pruning nothing', async () => {
    const tight = open(2 * 1024 * 1024);
    await tight.saveDeal(deal(11));
    await tight.recordCheck(11, { check: check(), articleHtml: incompressibleHtml(100_000) });
    await tight.recordCheck(11, {
      check: check({ status: 500, at: '2026-11-21T10:00:00Z' }),
      articleHtml: incompressibleHtml(200_000),
    });
    const before = filesIn(join(dir, '11', 'snapshots'));
    const huge = await tight.recordCheck(11, {
      check: check({ status: 404, at: '2026-11-22T10:00:00Z' }),
      articleHtml: incompressibleHtml(5 * 1024 * 1024),
    });
    expect(huge.appended?.snapshotSkipped).toBe('deal_limit');
    expect(filesIn(join(dir, '11', 'snapshots'))).toEqual(before);
    expect((await tight.read(11))?.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});
