/**
 * No listener that poll mode does not need (issue 28, items 2 and 7): `pressbridge start` as the blogger runs it,
 * the sandbox marketplace over real HTTP, the machine's Redis. In poll mode the daemon binds its status page and
 * nothing else, also when 8080 is taken; health checks ask the status page. A webhook registered with
 * `pressbridge webhook register` beside the running daemon makes the intake `both` and starts the listener after
 * the next poll, without a restart, and the marketplace's signed deliveries reach it. A taken webhook port stops a
 * start that needs it with a sentence naming the three ways to choose another.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDealStore } from '../../src/deals/store.js';
import { closeRedisClient, createRedisClient } from '../../src/redis/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createDaemonProcess, type DaemonProcess } from '../helpers/daemon-process.js';
import { listeningPorts } from '../helpers/listening-ports.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { freePort } from '../helpers/redis-server.js';
import { until } from '../helpers/until.js';

/** Holds 127.0.0.1:<port>; resolves undefined when something else holds it already (then it is taken anyway). */
async function hold(port: number): Promise<Server | undefined> {
  const server = createServer();
  return await new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: Server | undefined): Promise<void> =>
  new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));

describe('the webhook listener follows the intake (integration)', () => {
  const prefix = randomPrefix();
  const dirs: string[] = [];
  const daemons: DaemonProcess[] = [];
  const held: Array<Server | undefined> = [];
  let sandbox: Sandbox;

  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-listener-'));
    dirs.push(dir);
    return dir;
  };
  const base = (dataDir: string, statusPort: number): Record<string, unknown> => ({
    marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
    redis: { url: TEST_REDIS_URL, prefix },
    status: { listen: { host: '127.0.0.1', port: statusPort } },
    // The poll's pace decides how soon a registration is noticed; no sweep lists the deals besides it.
    intake: { pollSeconds: 10 },
    reconcile: { enabled: false },
    money: { enabled: false },
    ui: { language: 'en' },
    dataDir,
  });
  const daemonOf = (options: Parameters<typeof createDaemonProcess>[0]): DaemonProcess => {
    const daemon = createDaemonProcess(options);
    daemons.push(daemon);
    return daemon;
  };

  beforeAll(async () => {
    sandbox = await createSandbox({ allowHttpWebhooks: true });
  });
  afterEach(async () => {
    for (const daemon of daemons.splice(0)) await daemon.close();
    for (const server of held.splice(0)) await close(server);
  });
  afterAll(async () => {
    await sandbox?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    const redis = createRedisClient(TEST_REDIS_URL, 'store');
    await deleteKeys(redis, prefix).catch(() => 0);
    await closeRedisClient(redis);
  });

  it('poll mode with 8080 taken: the daemon runs, binds only its status page, and answers health checks there', async () => {
    // The default webhook address is 0.0.0.0:8080; holding 127.0.0.1:8080 makes binding it fail.
    held.push(await hold(8080));
    const dataDir = tempDir();
    const statusPort = await freePort();
    const logFile = join(dataDir, 'daemon.log');
    const config = {
      ...base(dataDir, statusPort),
      status: { listen: { host: '127.0.0.1', port: statusPort }, password: 'a-long-status-password' },
    };
    const daemon = daemonOf({ config, logFile, args: [], probe: 'status' });
    await daemon.start();

    expect(daemon.running()).toBe(true);
    expect(listeningPorts(daemon.pid as number)).toEqual([statusPort]);
    // Health checks (Docker's HEALTHCHECK) need no password; the page itself does.
    const health = await fetch(`${daemon.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    const ready = await fetch(`${daemon.baseUrl}/readyz`);
    expect(await ready.json()).toEqual({ ok: true, redis: true, worker: true });
    expect((await fetch(`${daemon.baseUrl}/`)).status).toBe(401);

    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('intake: poll every 10 s');
    expect(log).not.toContain('webhook listener: listening');
    expect(log).not.toContain('EADDRINUSE');
  }, 60_000);

  it('a webhook registered beside the running daemon: the listener starts after the next poll, no restart, and takes signed deliveries', async () => {
    const dataDir = tempDir();
    const [statusPort, webhookPort] = [await freePort(), await freePort()];
    const logFile = join(dataDir, 'daemon.log');
    const config = {
      ...base(dataDir, statusPort),
      webhook: { listen: { host: '127.0.0.1', port: webhookPort } },
    };
    const daemon = daemonOf({ config, logFile, args: [], probe: 'status' });
    await daemon.start();
    const pid = daemon.pid as number;
    const system = async (): Promise<string> => await (await fetch(`${daemon.baseUrl}/system`)).text();
    expect(listeningPorts(pid)).toEqual([statusPort]);
    expect(await system()).toContain('Polling the marketplace every 10 s');

    const url = `http://127.0.0.1:${webhookPort}/webhook`;
    const registered = await daemon.cli(['webhook', 'register', url]);
    expect(registered.code).toBe(0);
    expect(registered.stdout).toContain(`Webhook registered: ${url}`);
    expect(registered.stdout).toContain(
      `A running daemon starts taking webhooks on 127.0.0.1:${webhookPort} after its next poll (usually within 10 s)`,
    );

    // The same process (no restart): the next poll reads the intake again and starts the listener.
    await until(() => listeningPorts(pid).includes(webhookPort), 40_000, 'the webhook listener', 250);
    expect(daemon.exits).toEqual([]);
    expect(listeningPorts(pid)).toEqual([statusPort, webhookPort].sort((a, b) => a - b));
    expect(await system()).toContain('The webhook, backed by polling every 5 min');

    // The marketplace's own signed deliveries: its test event, then an accepted deal.
    const tested = await daemon.cli(['webhook', 'test']);
    expect(tested.stdout).toContain(`Test webhook delivered: ${url} answered 200`);
    expect(tested.code).toBe(0);
    const deal = await sandbox.createDeal({ blogId: 1 });
    const delivered = await until(
      () => sandbox.deliveries().find((d) => d.deal_id === deal.id && d.history.length > 0),
      20_000,
      'the deal.accepted delivery',
    );
    expect(delivered.history.map((attempt) => attempt.status)).toEqual([200]);
    const redis = createRedisClient(TEST_REDIS_URL, 'store');
    try {
      const record = await until(() => createDealStore({ redis, prefix }).get(deal.id), 10_000);
      // Found by the webhook: the poll after the switch is 5 minutes away and no sweep runs.
      expect(record.source).toBe('webhook');
    } finally {
      await closeRedisClient(redis);
    }
  }, 120_000);

  it('a start that needs a taken webhook port stops with the listener, the port and the three ways to choose another', async () => {
    const taken = await freePort();
    const blocker = await hold(taken);
    held.push(blocker);
    expect(blocker).toBeDefined();
    const dataDir = tempDir();
    const logFile = join(dataDir, 'daemon.log');
    // The file says another port; the flag wins (and that one is taken).
    const config = {
      ...base(dataDir, await freePort()),
      intake: { mode: 'both' },
      webhook: { listen: { host: '127.0.0.1', port: await freePort() } },
    };
    const daemon = daemonOf({ config, logFile, args: ['--no-status', '--webhook-port', String(taken)] });
    await expect(daemon.start()).rejects.toThrow(/exited during start-up/);
    expect(daemon.exits).toEqual([{ code: 1, signal: null }]);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain(`Error: 127.0.0.1:${taken} (the webhook listener) is already in use`);
    for (const way of [
      'pressbridge start --webhook-port <port>',
      'PRESSBRIDGE_WEBHOOK_PORT=<port>',
      'pressbridge setup --webhook-port',
      'webhook.listen.port',
    ])
      expect(log).toContain(way);
  }, 60_000);
});
