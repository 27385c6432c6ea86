/**
 * Live pages that stalled the daemon's event loop when the watcher parsed them there (issue 19): a blog page
 * with 60,000 nested elements (a theme, an ad, a comment), and a page of more than 5 MiB of nesting. Served by
 * a real HTTP server; a deal handed in with such a URL is put on the running daemon's watch list, due now.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ArticleCheck, readArticleCheck } from '../../src/deals/article-check.js';
import type { DealStore } from '../../src/deals/record.js';
import { enrol, reschedule, scheduledAt } from '../../src/watch/schedule.js';
import { nestedDivs } from '../helpers/hostile-texts.js';
import { until } from '../helpers/until.js';
import type { Scenario } from './harness.js';

export const WATCHED_LINK = 'https://shop.example.cz/sekacky?utm_source=blog&utm=1';

const MiB = 1024 * 1024;
const anchor = `<a href="${WATCHED_LINK.replaceAll('&', '&amp;')}" rel="sponsored">sekačky</a>`;

/** The pages by path; each holds the watched link, the big one only past the first 5 MiB. */
export const HOSTILE_PAGES: Record<string, string> = {
  '/deep': `<!doctype html><html><body>${nestedDivs(60_000).replace('text', anchor)}</body></html>`,
  '/big': `<!doctype html><html><body>${'<div>'.repeat((6 * MiB) / 5)}${anchor}</body></html>`,
};

export interface HostileBlog {
  url(path: string): string;
  close(): Promise<void>;
}

export async function startHostileBlog(): Promise<HostileBlog> {
  const server: Server = createServer((req, res) => {
    const body = HOSTILE_PAGES[req.url ?? ''];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type World = Pick<Scenario, 'redis' | 'prefix'> & { store: DealStore };

/** A deal handed in at `url` just now with the watched link, due for its check at once. */
export async function watchNow(s: World, dealId: number, url: string): Promise<void> {
  const now = new Date().toISOString();
  await s.store.createIfAbsent({
    dealId,
    blogId: 1,
    title: `Hostile live page ${dealId}`,
    receivedAt: now,
    deadline: now,
    data: { watch: { links: [WATCHED_LINK] }, handedInAt: now },
  });
  await s.store.update(dealId, { state: 'handed_in', url });
  await enrol(s.redis, s.prefix, dealId, Date.now());
}

/** The deal's check after the one made at `after` (none yet when undefined), as the daemon records it. */
export async function nextCheck(s: World, dealId: number, after: string | undefined): Promise<ArticleCheck> {
  return await until(
    async () => {
      const check = readArticleCheck((await s.store.get(dealId))?.data ?? {});
      return check && check.at !== after ? check : undefined;
    },
    60_000,
    `a check of deal ${dealId} after ${after ?? 'none'}`,
  );
}

/**
 * Due again now, once the daemon has scheduled the deal's next check (its last check is over). A check in
 * progress holds the deal leased for minutes; the next check is at least half a day away: an hour tells them
 * apart (due now while leased, the check's own reschedule would undo it).
 */
export async function checkAgainNow(s: World, dealId: number): Promise<void> {
  const later = async () => ((await scheduledAt(s.redis, s.prefix, dealId)) ?? 0) > Date.now() + 3_600_000;
  await until(later, 60_000, `deal ${dealId} scheduled for later`);
  await reschedule(s.redis, s.prefix, dealId, Date.now());
}
