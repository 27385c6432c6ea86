/**
 * A deal routed to a GitHub-hosted blog, end to end: the sandbox marketplace delivers a signed deal.accepted to
 * the daemon (real Redis, real HTTP), the worker commits the article with its photos to GitHub (the API stood in
 * for by nock: GitHub cannot be reached from here), and a local "deploy stand-in" plays GitHub Pages: it answers
 * 404 for the article's URL until some time after the commit, as a Pages build does, then 200. The deal must be
 * handed in only once the page is live, exactly once, with the commit SHA and the URL in its record.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import github from '../../plugins/github/index.js';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import type { DealRunState } from '../../src/deals/lifecycle.js';
import type { DealRecord } from '../../src/deals/record.js';
import { createLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

const TOKEN = 'github_pat_11INTEGRATION0000_thisIsNotARealTokenButLooksLikeOne0123456789';
const API = 'https://api.github.com';
const REPO = '/repos/jana/blog';
const HEAD = 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1';
const TREE = 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2';
const NEW_TREE = 'c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3';
const COMMIT = 'd4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4';
/** How long after the commit the stand-in starts serving the page (a Pages build takes minutes). */
const DEPLOY_DELAY_MS = 2_500;
const FINAL = new Set<DealRunState>(['handed_in', 'skipped', 'failed', 'deadline_missed', 'handled']);

interface Visit {
  path: string;
  status: number;
  agent: string;
  /** The deal's state when the stand-in answered (undefined: no deal yet). */
  state: DealRunState | undefined;
  handInsSoFar: number;
}

describe('deal → GitHub commit → deploy → hand-in, end to end (integration)', () => {
  const prefix = randomPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-github-'));
  let sandbox: Sandbox;
  let daemon: Daemon;
  let deploy: Server;
  let origin = '';
  let logOutput = '';

  // What the deploy stand-in knows: the article's path (from the commit), when it goes live, who asked.
  let articlePath: string | undefined;
  let liveAt: number | undefined;
  let dealId: number | undefined;
  const visits: Visit[] = [];
  const github$ = {
    trees: [] as Array<Record<string, unknown>>,
    commits: [] as Array<Record<string, unknown>>,
    blobs: 0,
  };

  async function answerDeploy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const live = path === articlePath && liveAt !== undefined && Date.now() >= liveAt;
    const record = dealId === undefined ? undefined : await daemon.store.get(dealId);
    visits.push({
      path,
      status: live ? 200 : 404,
      agent: String(req.headers['user-agent'] ?? ''),
      state: record?.state,
      handInsSoFar: dealId === undefined ? 0 : sandbox.handIns().filter((h) => h.dealId === dealId).length,
    });
    res.writeHead(live ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      live
        ? '<html><body><h1>Article</h1></body></html>'
        : '<html><body>404 – not deployed yet</body></html>',
    );
  }

  function githubApi(): nock.Scope {
    const json = (body: nock.Body) =>
      (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown>;
    return nock(API, { reqheaders: { authorization: `token ${TOKEN}` } })
      .get(`${REPO}/branches/main`)
      .reply(200, {
        name: 'main',
        commit: { sha: HEAD, commit: { message: 'Initial site', tree: { sha: TREE } } },
        protected: false,
      })
      .get((uri) => uri.startsWith(`${REPO}/contents/`))
      .query(true)
      .reply(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' })
      .get(`${REPO}/commits`)
      .query(true)
      .reply(200, [])
      .post(`${REPO}/git/blobs`)
      .times(3)
      .reply(201, () => {
        github$.blobs += 1;
        return { sha: `e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e${github$.blobs}` };
      })
      .post(`${REPO}/git/trees`)
      .reply(201, (_uri, body) => {
        github$.trees.push(json(body));
        return { sha: NEW_TREE };
      })
      .post(`${REPO}/git/commits`)
      .reply(201, (_uri, body) => {
        const commit = json(body);
        github$.commits.push(commit);
        const url = /^Pressbridge-Url: (\S+)$/m.exec(String(commit.message))?.[1];
        articlePath = url ? new URL(url).pathname : undefined;
        return { sha: COMMIT };
      })
      .patch(`${REPO}/git/refs/heads%2Fmain`, { sha: COMMIT, force: false })
      .reply(200, () => {
        // The branch moved: the "Pages build" starts now and takes a while.
        liveAt = Date.now() + DEPLOY_DELAY_MS;
        return { ref: 'refs/heads/main', object: { sha: COMMIT, type: 'commit' } };
      });
  }

  beforeAll(async () => {
    deploy = createServer((req, res) => {
      answerDeploy(req, res).catch(() => {
        res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => deploy.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(deploy.address() as AddressInfo).port}`;

    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');

    sandbox = await createSandbox({
      allowHttpWebhooks: true,
      timeScale: 1 / 1000,
      blogs: [{ id: 1, name: 'Hory s dětmi', url: origin }],
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logOutput += chunk.toString();
        done();
      },
    });
    const config = parseConfig(
      {
        marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
        redis: { url: TEST_REDIS_URL, prefix },
        webhook: { listen: { host: '127.0.0.1', port: 0 }, secretFile: join(dataDir, 'secret.json') },
        status: { listen: { host: '127.0.0.1', port: 0 } },
        log: { level: 'debug' },
        pipeline: { verify: { initialBackoffMs: 200, maxBackoffMs: 500 }, handIn: { initialBackoffMs: 200 } },
        dataDir,
        blogs: [
          {
            id: 1,
            publisher: 'github',
            options: {
              token: { env: 'PB_TEST_GITHUB_TOKEN' },
              repo: 'jana/blog',
              branch: 'main',
              siteUrl: origin,
              preset: 'jekyll',
              categories: 'identity',
              writeIntervalMs: 0,
            },
          },
        ],
      },
      { PB_TEST_GITHUB_TOKEN: TOKEN },
    );
    daemon = await startDaemon({
      config,
      log: createLogger({ level: 'debug', destination: sink }),
      plugins: { github },
      // Registered below, once the listener has its port: it listens whatever the intake at start-up.
      webhook: true,
    });
    const registered = await daemon.client.putWebhook(daemon.webhookUrl as string);
    writeSecretFile(join(dataDir, 'secret.json'), {
      secret: registered.secret,
      updatedAt: new Date().toISOString(),
    });
  });

  afterAll(async () => {
    await daemon?.close();
    await sandbox?.close();
    await new Promise<void>((resolve) => (deploy ? deploy.close(() => resolve()) : resolve()));
    nock.cleanAll();
    nock.enableNetConnect();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('commits once, waits for the deploy, then hands the live URL in once, recording commit and URL', async () => {
    // Arrange
    const api = githubApi();

    // Act
    const deal = await sandbox.createDeal({
      blogId: 1,
      photos: 2,
      categoryId: 3,
      title: 'Výlet do Tater s dětmi',
    });
    dealId = deal.id;
    const record = await until(
      async () => {
        const found = await daemon.store.get(deal.id);
        return found && FINAL.has(found.state) ? found : undefined;
      },
      45_000,
      `deal ${deal.id} final`,
    );

    // Assert: the deal, its record and the hand-in.
    expect(record.error).toBeUndefined();
    expect(record.state).toBe('handed_in');
    expect(record.url).toMatch(new RegExp(`^${origin}/\\d{4}/\\d{2}/\\d{2}/vylet-do-tater-s-detmi\\.html$`));
    expect(record.postRef).toBe(COMMIT);
    expect((record as DealRecord).data.publisher).toMatchObject({
      githubCommit: COMMIT,
      githubUrl: record.url,
      githubBranch: 'main',
      githubPath: expect.stringMatching(/^_posts\/\d{4}-\d{2}-\d{2}-vylet-do-tater-s-detmi\.md$/),
    });
    const handIns = sandbox.handIns().filter((h) => h.dealId === deal.id);
    expect(handIns).toEqual([expect.objectContaining({ url: record.url })]);

    // One commit holding the article and the three photos, on the branch's head; every mock used once.
    expect(api.isDone()).toBe(true);
    expect(github$.blobs).toBe(3);
    expect(github$.commits).toHaveLength(1);
    expect(github$.commits[0]?.parents).toEqual([HEAD]);
    const entries = (github$.trees[0]?.tree ?? []) as Array<{ path: string; content?: string }>;
    expect(entries.map((e) => e.path)).toEqual([
      expect.stringMatching(/^_posts\/.+\.md$/),
      'assets/images/vylet-do-tater-s-detmi/vylet-do-tater-s-detmi-0.jpg',
      'assets/images/vylet-do-tater-s-detmi/vylet-do-tater-s-detmi-1.jpg',
      'assets/images/vylet-do-tater-s-detmi/vylet-do-tater-s-detmi-2.jpg',
    ]);
    expect(entries[0]?.content).toContain(`\npressbridge_deal: ${deal.id}\n---\n`);
    expect(entries[0]?.content).toContain('\ntitle: "Výlet do Tater s dětmi"\n');
    expect(entries[0]?.content).toContain('\ncategories:\n  - "3"\n');

    // The wait: the page answered 404 while the deal was verifying, and nothing was handed in before it was live.
    const article = visits.filter((v) => v.path === articlePath);
    const firstLive = article.findIndex((v) => v.status === 200);
    expect(firstLive).toBeGreaterThan(0);
    const beforeLive = article.slice(0, firstLive);
    expect(beforeLive.every((v) => v.status === 404 && v.state === 'verifying' && v.handInsSoFar === 0)).toBe(
      true,
    );
    expect(article[firstLive]?.handInsSoFar).toBe(0);
    expect(article[firstLive]?.agent).toMatch(/^pressbridge\//);
    // The marketplace's own check of the URL came after the page was live, and saw it.
    const checks = article.filter((v) => v.agent.startsWith('SandboxMarketplace-Checker'));
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.every((v) => v.status === 200)).toBe(true);

    // The deal log tells the story; the token is nowhere in the daemon's output. The hand-in's line is written
    // beside the state (not before it), so it is waited for.
    const messages = await until(
      async () => {
        const msgs = (await daemon.store.readLog(deal.id)).map((line) => line.msg);
        return msgs.includes('URL handed in') && msgs;
      },
      10_000,
      'the hand-in in the deal log',
      100,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'article committed to GitHub; the site deploys it now',
        'the article does not answer 200 yet',
        'the article is live',
        'URL handed in',
      ]),
    );
    expect(logOutput).toContain('article committed to GitHub');
    expect(logOutput).not.toContain(TOKEN);
  });
});
