/**
 * The watcher and the evidence on disk (src/watch/evidence.ts, src/evidence/): the first check, each change and
 * the latest kept with the page's SHA-256 and the article part exactly as served; the evidence and the watch
 * schedule surviving the deletion of every Redis key of the prefix; an ended watch not brought back.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { readDealData } from '../../../src/deals/data.js';
import { EvidenceSettings } from '../../../src/evidence/settings.js';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import { readArticleCheck } from '../../../src/watch/index.js';
import { scheduledAt } from '../../../src/watch/schedule.js';
import { fixedClock } from '../../helpers/clock.js';
import { deleteKeys } from '../../helpers/redis.js';
import { AD, AD2, checked, DAY, T0, watchWorld } from './watch-world.js';

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const ARTICLE = (...hrefs: string[]) =>
  `<article class="post"><h1>Sekačky</h1>${hrefs.map((h) => `<p><a href="${h.replaceAll('&', '&amp;')}" rel="sponsored">odkaz</a></p>`).join('')}</article>`;
const PAGE = (...hrefs: string[]) =>
  `<!doctype html><html><head><title>Blog</title></head><body><nav>menu ${Math.random()}</nav>${ARTICLE(...hrefs)}<aside>jinde</aside></body></html>`;

describe('article watcher: the evidence on disk', () => {
  const world = watchWorld();
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const evidenceStore = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-evidence-'));
    dirs.push(dir);
    return createEvidenceStore({
      dir,
      settings: EvidenceSettings.parse({}),
      clock: fixedClock(() => new Date(world.clock)),
      log: pino({ level: 'silent' }),
    });
  };
  const due = async (dealId: number) => {
    world.clock = (await scheduledAt(world.redis, world.prefix, dealId)) as number;
  };

  it('keeps the first check, each change and the latest, with the page hash and the article part as served', async () => {
    const first = PAGE(AD, AD2);
    world.blog.answers.set('/e1', [
      { status: 200, body: first },
      { status: 200, body: PAGE(AD, AD2) },
      { status: 200, body: PAGE(AD) },
    ]);
    await world.handedIn(41, '/e1');
    const evidence = evidenceStore();
    const w = world.watcher({}, {}, evidence);
    await due(41);
    expect(checked(await w.runOnce())).toEqual([expect.objectContaining({ dealId: 41, ok: true })]);
    let read = await evidence.read(41);
    expect(read?.deal).toMatchObject({ dealId: 41, blogId: 101, url: `${world.base}/e1`, title: 'Sekačky' });
    expect(read?.entries).toHaveLength(1);
    const [entry] = read?.entries ?? [];
    expect(entry).toMatchObject({ seq: 1, kind: 'first', pageSha256: sha256(first) });
    expect(entry?.check).toMatchObject({ ok: true, status: 200 });
    // The snapshot is the <article> exactly as served (the menu and the aside around it are not in it).
    const snapshot = await evidence.readSnapshot(41, entry?.snapshot?.file as string);
    expect(snapshot.toString('utf8')).toBe(ARTICLE(AD, AD2));
    expect(entry?.snapshot?.sha256).toBe(sha256(snapshot));

    // The same article again (the menu around it differs): no new line, the latest moves on.
    await due(41);
    await w.runOnce();
    read = await evidence.read(41);
    expect(read?.entries).toHaveLength(1);
    expect(read?.latest?.check.at).toBe(new Date(world.clock).toISOString());

    // A link lost: a change, with its finding and a new snapshot.
    await due(41);
    expect(checked(await w.runOnce())).toEqual([expect.objectContaining({ ok: false, problem: 'links' })]);
    read = await evidence.read(41);
    expect(read?.entries.map((e) => e.kind)).toEqual(['first', 'change']);
    expect(read?.entries[1]?.check.findings?.map((f) => f.kind)).toEqual(['link_lost', 'text_edited']);
    const lost = await evidence.readSnapshot(41, read?.entries[1]?.snapshot?.file as string);
    expect(lost.toString('utf8')).toBe(ARTICLE(AD));
  });

  it('the evidence and the schedule survive the deletion of every Redis key of the prefix', async () => {
    world.blog.answers.set('/e2', [{ status: 200, body: PAGE(AD, AD2) }]);
    await world.handedIn(42, '/e2');
    const evidence = evidenceStore();
    const w = world.watcher({}, {}, evidence);
    await due(42);
    await w.runOnce();
    const paidAt = new Date(world.clock).toISOString();
    await world.store.update(42, { data: { paid: { reward: 900, price: 1200, at: paidAt } } });
    await due(42);
    await w.runOnce();
    const before = await evidence.read(42);
    expect(before?.deal?.paid?.at).toBe(paidAt);

    // Redis forgets everything of the installation: records, logs, the schedule.
    expect(await deleteKeys(world.redis, world.prefix)).toBeGreaterThan(0);
    expect(await world.store.get(42)).toBeUndefined();

    // A new start: the record comes back from the evidence, and the deal is scheduled at the paid pace.
    const restarted = world.watcher({}, {}, evidence);
    expect(await restarted.catchUp()).toBe(1);
    const record = await world.store.get(42);
    expect(record).toMatchObject({ dealId: 42, blogId: 101, state: 'handed_in', url: `${world.base}/e2` });
    const data = readDealData(record?.data);
    expect(data.paid?.at).toBe(paidAt);
    expect(data.watch?.links).toEqual([AD, AD2]);
    expect(readArticleCheck(record?.data ?? {})?.at).toBe(before?.latest?.check.at);
    const next = (await scheduledAt(world.redis, world.prefix, 42)) as number;
    expect(next - world.clock).toBeGreaterThanOrEqual(3.5 * DAY);
    expect((await world.store.readLog(42)).map((e) => e.msg).join('\n')).toMatch(
      /restored from the article evidence/,
    );
    world.clock = next;
    expect(checked(await restarted.runOnce())).toEqual([expect.objectContaining({ dealId: 42, ok: true })]);
    expect((await evidence.read(42))?.entries).toEqual(before?.entries);

    // Redis forgets again while the watcher runs: the next tick finds the schedule empty and rebuilds it.
    await deleteKeys(world.redis, world.prefix);
    await restarted.runOnce();
    expect(await scheduledAt(world.redis, world.prefix, 42)).toBeDefined();
    expect((await world.store.get(42))?.url).toBe(`${world.base}/e2`);
  });

  it('one deal folder that cannot be read (a planted link) does not stop the others coming back', async () => {
    world.blog.answers.set('/e4', [{ status: 200, body: PAGE(AD, AD2) }]);
    await world.handedIn(44, '/e4');
    const evidence = evidenceStore();
    const w = world.watcher({}, {}, evidence);
    await due(44);
    await w.runOnce();
    // Deal 1 sorts before 44: its folder is a link to somewhere else, which the store refuses to read.
    symlinkSync(tmpdir(), join(evidence.dir, '1'));
    await deleteKeys(world.redis, world.prefix);
    expect(await world.watcher({}, {}, evidence).catchUp()).toBe(1);
    expect((await world.store.get(44))?.state).toBe('handed_in');
    expect(await world.store.get(1)).toBeUndefined();
  });

  it('a watch that ended is noted in the evidence, and its deal is not brought back', async () => {
    world.blog.answers.set('/e3', [{ status: 200, body: PAGE(AD, AD2) }]);
    await world.handedIn(43, '/e3');
    const evidence = evidenceStore();
    const w = world.watcher({}, {}, evidence);
    await due(43);
    await w.runOnce();
    // 30 days after the hand-in, unpaid: the watch ends.
    world.clock = T0 + 31 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '43');
    expect(await w.runOnce()).toEqual([{ dealId: 43, kind: 'ended', reason: 'days' }]);
    expect((await evidence.read(43))?.deal?.watchEnded).toMatchObject({ reason: 'days' });
    await deleteKeys(world.redis, world.prefix);
    expect(await world.watcher({}, {}, evidence).catchUp()).toBe(0);
    expect(await world.store.get(43)).toBeUndefined();
    expect((await evidence.read(43))?.entries).toHaveLength(1);
  });
});
