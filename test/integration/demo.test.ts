/** `npm run demo` as a function: sandbox + daemon + static site, sample deals end handed_in, then paid. */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { type DemoRun, startDemo } from '../../src/demo.js';
import { createSilentLogger } from '../../src/logger.js';
import { readArticleCheck } from '../../src/watch/index.js';
import { TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

/**
 * The test's own bound: the sum of its waits below (45 + 20 + 30 + 30 + 10 s), so that each wait, not vitest's
 * default 30 s for the whole test, names what did not happen on a loaded machine (CI on Node 26 ran it in 30 s+
 * while the suite ran beside it; 16 s alone).
 */
const DEMO_TEST_MS = 140_000;

describe('the demo (integration)', () => {
  let run: DemoRun | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-demo-'));
  afterAll(async () => {
    await run?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'takes sample deals from received to handed_in on the static site, with the status page up; a paid deal stays under watch with its evidence',
    async () => {
      const lines: string[] = [];
      run = await startDemo({
        sandboxPort: 0,
        webhookPort: 0,
        statusPort: 0,
        sitePort: 0,
        redisUrl: TEST_REDIS_URL,
        deals: 3,
        intervalSeconds: 1,
        exitAfterSeconds: 0,
        dataDir,
        log: createSilentLogger(),
        write: (line) => lines.push(line),
      });
      const daemon = run.daemon;
      const states = await until(
        async () => {
          const { items } = await daemon.store.list({ limit: 10 });
          const now = items.map((d) => d.state);
          return items.length === 4 && now.every((s) => s === 'handed_in') && now;
        },
        45_000,
        'three sample deals and the one offered on handed_in',
        250,
      );
      expect(states).toEqual(['handed_in', 'handed_in', 'handed_in', 'handed_in']);
      expect(run.sandbox.handIns()).toHaveLength(4);
      // The demand side: one demand refused by the demo blog's rules, one offered on by itself and accepted.
      expect(lines.filter((l) => l.startsWith('inzerent vytvořil poptávku'))).toHaveLength(2);
      expect(
        lines.some((l) => /^poptávka \d+ „Online kasino.*Odmítnout \(odmítané slovo „kasino“/.test(l)),
      ).toBe(true);
      expect(
        lines.some((l) => /^poptávka \d+ „Jak vybrat zahradní sekačku“: nabídka podána automaticky/.test(l)),
      ).toBe(true);
      const offered = run.sandbox.listOffers().filter((o) => o.state !== 'zruseno');
      expect(offered).toHaveLength(1);
      expect(['ke_schvaleni', 'proplaceno'], 'the offer became a deal and was handed in').toContain(
        offered[0]?.state,
      );
      expect(lines).toContain(`inzerent přijal nabídku ${offered[0]?.id}: je z ní obchod ${offered[0]?.id}`);
      for (const handIn of run.sandbox.handIns()) {
        const page = await fetch(handIn.url);
        expect(page.status).toBe(200);
      }
      const status = await fetch(daemon.statusUrl as string);
      expect(status.status).toBe(200);
      expect(await status.text()).toMatch(/data-verdict="(ok|warn)"/);
      const system = await fetch(`${daemon.statusUrl}system`);
      expect(await system.text()).toContain('/deals?state=handed_in');
      expect(lines.some((l) => l.startsWith('Stavová stránka: http://127.0.0.1:'))).toBe(true);
      // The demo's webhook channel posts to the receiver in the demo process, which prints each notification.
      expect(
        lines.some((l) => l.startsWith('Upozornění: posílá je kanál webhook na http://127.0.0.1:')),
      ).toBe(true);
      // One language throughout (the process's, Czech by default): the demo's own lines and the notifications.
      const printed = lines.find((l) => l.startsWith('upozornění '));
      expect(printed).toMatch(
        /^upozornění \d\d:\d\d:\d\d · pressbridge: zkušební upozornění\n {4}Tohle je zkouška kanálu „demo“/,
      );
      // The advertiser's message on the first handed-in deal arrives as a printed notification too.
      const message = await until(
        () => lines.find((l) => l.includes('děkujeme za rychlé zveřejnění')),
        20_000,
        'the advertiser’s message printed',
        250,
      );
      expect(message).toMatch(/^upozornění /);
      const notifications = await fetch(`${daemon.statusUrl}notifications`);
      expect(await notifications.text()).toContain('data-status="sent"');

      // The demo then pays the handed-in deals through the sandbox: the Earnings page shows the money.
      expect(lines.some((l) => /^Výdělky: http:\/\/127\.0\.0\.1:\d+\/earnings$/.test(l))).toBe(true);
      const paid = await until(
        async () => {
          const { items } = await daemon.store.list({ limit: 10 });
          const count = items.filter((d) => d.data.paid !== undefined).length;
          return count === 3 && count;
        },
        30_000,
        'three deals paid',
        250,
      );
      expect(paid).toBe(3);
      // Every fourth deal the advertiser accepted stays awaiting payout.
      const sandboxDeals = run.sandbox.listDeals();
      expect(sandboxDeals.map((d) => d.state).sort()).toEqual([
        'ke_schvaleni',
        'proplaceno',
        'proplaceno',
        'proplaceno',
      ]);
      const paidKc = sandboxDeals
        .filter((d) => d.state === 'proplaceno')
        .reduce((sum, d) => sum + d.reward, 0);
      const earnings = await fetch(`${(daemon.statusUrl as string).replace(/\/$/, '')}/earnings`);
      expect(earnings.status).toBe(200);
      // The three paid deals' rewards (1 800 Kč a sample deal, 1 500 Kč the demand's).
      expect(await earnings.text()).toMatch(
        new RegExp(`data-money="month">[\\s\\S]*?data-amount="${paidKc}"`),
      );

      // A paid deal still under watch, with its evidence: checked seconds after its hand-in, its check on disk,
      // listed on the Obligations page with its claim window, its bundle downloadable from the deal page.
      const base = (daemon.statusUrl as string).replace(/\/$/, '');
      expect(lines).toContain(
        `Závazky (každý článek hlídaný po celou dobu pro reklamace): ${base}/obligations`,
      );
      const watched = await until(
        async () => {
          const { items } = await daemon.store.list({ limit: 10 });
          return items.find((d) => d.data.paid !== undefined && d.data.articleCheck !== undefined);
        },
        30_000,
        'a paid deal checked live',
        250,
      );
      expect(readArticleCheck(watched.data)).toMatchObject({ ok: true, status: 200 });
      const evidence = await until(
        async () =>
          (await readdir(join(dataDir, 'evidence')).catch((): string[] => [])).includes(
            String(watched.dealId),
          ),
        10_000,
        'the evidence folder of the watched deal',
        250,
      );
      expect(evidence).toBe(true);
      const checks = await readFile(
        join(dataDir, 'evidence', String(watched.dealId), 'checks.jsonl'),
        'utf8',
      );
      expect(JSON.parse(checks.split('\n')[0] as string)).toMatchObject({ seq: 1, kind: 'first' });
      const obligations = await (await fetch(`${base}/obligations`)).text();
      expect(obligations).toContain(`/deals/${watched.dealId}`);
      const zip = await fetch(`${base}/deals/${watched.dealId}/evidence`);
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      expect(Object.keys(files)).toEqual(expect.arrayContaining(['report.html', 'evidence.json']));
    },
    DEMO_TEST_MS,
  );
});
