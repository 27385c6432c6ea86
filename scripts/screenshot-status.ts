/**
 * Makes the docs' screenshots of the status page: runs the demo (free ports, its own data folder), waits until
 * its deals are handed in, paid and checked live, and photographs the first deal's page (with its evidence),
 * the Obligations page, the Earnings page and the home page in Debian's Chromium.
 *
 *   npx tsx scripts/screenshot-status.ts   # writes docs/status-{overview,deal,earnings,obligations}.png
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo } from '../src/demo.js';
import { createSilentLogger } from '../src/logger.js';
import { launchBrowser } from '../test/helpers/browser.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pb-shot-'));
const run = await startDemo({
  sandboxPort: 0,
  webhookPort: 0,
  statusPort: 0,
  sitePort: 0,
  redisUrl: process.env.PRESSBRIDGE_REDIS_URL ?? 'redis://127.0.0.1:6379',
  deals: 6,
  intervalSeconds: 1,
  exitAfterSeconds: 0,
  dataDir,
  log: createSilentLogger(),
  write: () => {},
});
try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { items } = await run.daemon.store.list({ limit: 10 });
    if (items.length === 6 && items.every((d) => d.state === 'handed_in')) break;
    if (Date.now() > deadline) throw new Error('the demo deals did not finish in time');
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    // The demo pays handed-in deals a few seconds later (every fourth stays awaiting payout), and its watcher
    // checks each article seconds after the hand-in.
    const paidBy = Date.now() + 30_000;
    while (Date.now() < paidBy) {
      const { items } = await run.daemon.store.list({ limit: 10 });
      const done = items.filter((d) => d.data.paid !== undefined && d.data.articleCheck !== undefined);
      if (done.length >= 5) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const first = (await run.daemon.store.list({ limit: 10 })).items.at(-1);
    await page.goto(new URL(`deals/${first?.dealId}`, run.daemon.statusUrl).href);
    await page.screenshot({ path: 'docs/status-deal.png', fullPage: true });
    await page.goto(new URL('obligations', run.daemon.statusUrl).href);
    await page.screenshot({ path: 'docs/status-obligations.png', fullPage: true });
    await page.goto(new URL('earnings', run.daemon.statusUrl).href);
    await page.screenshot({ path: 'docs/status-earnings.png', fullPage: true });
    // The home page last, once this month's earnings are in.
    await page.goto(run.daemon.statusUrl as string);
    await page.screenshot({ path: 'docs/status-overview.png', fullPage: true });
  } finally {
    await browser.close();
  }
  console.log('wrote docs/status-{overview,deal,earnings,obligations}.png');
} finally {
  await run.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
