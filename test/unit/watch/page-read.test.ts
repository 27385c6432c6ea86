/**
 * The watcher's read of a live page, in the render threads: a hostile page is read whole or ends the check as
 * `unreadable` (recorded, nothing raised or resolved), never a crash, a `gone` or a false `links` alarm.
 */
import { describe, expect, it } from 'vitest';
import { readArticleCheck } from '../../../src/watch/index.js';
import { scheduledAt } from '../../../src/watch/schedule.js';
import { nestedDivs } from '../../helpers/hostile-texts.js';
import { AD, AD2, checked, DAY, page, T0, watchWorld } from './watch-world.js';

const MiB = 1024 * 1024;
const link = (href: string) => `<a href="${href.replaceAll('&', '&amp;')}">odkaz</a>`;

describe('article watcher: reading the live page', () => {
  const world = watchWorld();

  it('reads links under 60,000 nested elements: fine', async () => {
    world.blog.answers.set('/deep', [
      { status: 200, body: nestedDivs(60_000).replace('text', link(AD) + link(AD2)) },
    ]);
    await world.handedIn(21, '/deep');
    world.clock = T0 + DAY;
    expect(checked(await world.watcher().runOnce())).toEqual([
      expect.objectContaining({ dealId: 21, ok: true, status: 200, missing: [] }),
    ]);
  });

  it('a page whose read runs past the time budget: unreadable, nothing raised; the next page reads fine', async () => {
    // About a second of reading (character references in one href) against the smallest budget, 100 ms.
    const slow = `<a href="${'&amp;'.repeat((24 * MiB) / 5)}">x</a>${link(AD)}${link(AD2)}`;
    world.blog.answers.set('/slow', [{ status: 200, body: slow }]);
    world.blog.answers.set('/fine', [{ status: 200, body: page(AD, AD2) }]);
    await world.handedIn(22, '/slow');
    world.clock = T0 + DAY;
    const w = world.watcher({ maxBytes: 50 * MiB }, { limits: { timeBudgetMs: 100 } });
    const [found] = checked(await w.runOnce());
    expect(found).toMatchObject({
      dealId: 22,
      ok: false,
      unreadable: true,
      status: 200,
      missing: [],
      detail: 'the page could not be read within 100 ms (render.limits.timeBudgetMs)',
    });
    expect(found?.problem).toBeUndefined();
    expect(world.notifier.raised).toEqual([]);
    expect(readArticleCheck((await world.store.get(22))?.data ?? {})).toMatchObject({ unreadable: true });
    expect((await world.store.readLog(22)).map((e) => e.msg)).toContain(
      'article check: the page could not be read; nothing is known',
    );
    // The thread that ran out of time was ended; the pool reads the next page in a new one.
    await world.handedIn(23, '/fine');
    world.clock = T0 + 2 * DAY;
    expect(checked(await w.runOnce()).find((c) => c.dealId === 23)).toMatchObject({ ok: true });
  });

  it('a page longer than watch.maxBytes: links in the part read are fine; links not in it are unknown, not missing', async () => {
    const padding = `<p>${'x'.repeat(70 * 1024)}</p>`;
    world.blog.answers.set('/early', [{ status: 200, body: `${link(AD)}${link(AD2)}${padding}` }]);
    world.blog.answers.set('/late', [{ status: 200, body: `${link(AD2)}${padding}${link(AD)}` }]);
    await world.handedIn(24, '/early');
    await world.handedIn(25, '/late');
    world.clock = T0 + DAY;
    const found = checked(await world.watcher({ maxBytes: 64 * 1024 }).runOnce());
    expect(found.find((c) => c.dealId === 24)).toMatchObject({ ok: true });
    expect(found.find((c) => c.dealId === 25)).toMatchObject({
      ok: false,
      unreadable: true,
      missing: [],
      detail: `only the first ${64 * 1024} bytes of the page were read (watch.maxBytes) and 1 of the links were not in them`,
    });
    expect(world.notifier.raised).toEqual([]);
  });

  it('after a problem, only a fine check resolves it: a refused or unreadable one knows nothing', async () => {
    world.blog.answers.set('/p', [{ status: 404 }]);
    await world.handedIn(26, '/p');
    const w = world.watcher({ maxBytes: 64 * 1024 });
    world.clock = T0 + DAY;
    expect(checked(await w.runOnce())[0]).toMatchObject({ problem: 'gone' });
    world.blog.answers.set('/p', [{ status: 403 }]);
    world.clock = (await scheduledAt(world.redis, world.prefix, 26)) as number;
    expect(checked(await w.runOnce())[0]).toMatchObject({ refused: true });
    world.blog.answers.set('/p', [
      { status: 200, body: `${link(AD2)}<p>${'x'.repeat(70 * 1024)}</p>${link(AD)}` },
    ]);
    world.clock = (await scheduledAt(world.redis, world.prefix, 26)) as number;
    expect(checked(await w.runOnce())[0]).toMatchObject({ unreadable: true });
    expect(world.notifier.resolved).toEqual([]);
    world.blog.answers.set('/p', [{ status: 200, body: page(AD, AD2) }]);
    world.clock = (await scheduledAt(world.redis, world.prefix, 26)) as number;
    expect(checked(await w.runOnce())[0]).toMatchObject({ ok: true });
    expect(world.notifier.resolved).toEqual(['article_check:26']);
  });
});
