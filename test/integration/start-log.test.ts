/**
 * What `pressbridge start` logs, read as a service manager reads it (stdout piped: JSON lines), the daemon a real
 * process in poll mode against the sandbox: a normal first start, right after `pressbridge setup` spent requests
 * of the same key, says nothing at warn or error; a start whose Redis takes connections and drops them says so in
 * one line with what to do, and nothing of ioredis's streams.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { CLI_ARGS, NODE, ROOT } from '../helpers/cli-runner.js';
import { freePort } from '../helpers/redis-server.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { until } from '../helpers/until.js';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A started `pressbridge start` and the JSON lines it wrote so far (whole lines only). */
interface Running {
  child: ChildProcess;
  lines(): LogLine[];
  /** Everything it wrote, also what is no JSON. */
  text(): string;
}

const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
});

/** `pressbridge <args>` as node with tsx's loader, no wrapper process: a SIGKILL leaves no daemon behind. */
function pressbridge(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(NODE, [...CLI_ARGS, ...args], { cwd: ROOT, env });
}

function start(env: NodeJS.ProcessEnv): Running {
  const child = pressbridge(['start'], env);
  running.push(child);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  return {
    child,
    text: () => out,
    lines: () =>
      out
        .split('\n')
        .slice(0, -1)
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine),
  };
}

/** The lines a blogger is told to look at: warn (40) and above. */
function problems(lines: readonly LogLine[]): LogLine[] {
  return lines.filter((line) => line.level >= 40);
}

describe('pressbridge start: its log', () => {
  const world = useSandboxWorld({
    dir: 'pb-start-log-',
    blog: { id: 7, name: 'Složka', url: 'https://slozka.cz' },
  });
  const { prefix, dir: dataDir } = world;
  const env = (): NodeJS.ProcessEnv => ({ ...world.installEnv, PRESSBRIDGE_LOG_FORMAT: '' });

  it('a first start right after the setup warns of nothing, though the setup spent requests of the key', async () => {
    // Arrange: the setup as a blogger runs it (the key checked, the blogs listed, with the same key), poll intake.
    const { sandbox } = world;
    const setup = pressbridge(['setup', '--lang', 'en', '--no-agent', '--redis-prefix', prefix], env());
    const answers = [sandbox.url, sandbox.apiKey, 'yes', 'static', join(dataDir, 'site'), '', '', '', ''];
    setup.stdin?.end(`${answers.join('\n')}\n`);
    const [code] = (await once(setup, 'exit')) as [number];
    expect(code).toBe(0);
    // Ports of this test's own instead of the setup's 8080/8081, which other tests and demos use; debug, to see
    // the lines that went down from info.
    const file = join(dataDir, 'pressbridge.yaml');
    const config = parseDocument(readFileSync(file, 'utf8'));
    config.setIn(['webhook', 'listen', 'port'], await freePort());
    config.setIn(['status', 'listen', 'port'], await freePort());
    config.setIn(['log', 'level'], 'debug');
    writeFileSync(file, config.toString());

    // Act: the daemon starts within the marketplace's rate-limit window that still counts the setup's requests.
    const daemon = start(env());
    const seen = (msg: string | RegExp) => () =>
      daemon.lines().find((line) => (typeof msg === 'string' ? line.msg === msg : msg.test(line.msg)));
    await until(seen('pressbridge started'), 30_000, 'the start', 100);
    await until(seen('poll: nothing new'), 30_000, 'the first poll', 100);
    await until(seen('reconciliation sweep: nothing missing'), 30_000, 'the first sweep', 100);
    const surplus = await until(
      seen(/counts requests sent before this process started/),
      30_000,
      'surplus',
      100,
    );

    // Assert: the server's larger count was seen and followed, said at debug; nothing at warn or above.
    expect(surplus.level).toBe(20);
    expect(daemon.text()).not.toContain('another client of the key');
    expect(problems(daemon.lines())).toEqual([]);
  }, 90_000);

  it('a start whose Redis drops every connection says so once, with what to do, and no stream error', async () => {
    // Arrange: a port that takes each connection and closes it at once (a container's published port with no
    // Redis behind it yet, a Redis going down), and the sandbox as the marketplace.
    const sockets = new Set<Socket>();
    const dropping: Server = createServer((socket) => {
      sockets.add(socket);
      socket.destroy();
    });
    await new Promise<void>((done) => dropping.listen(0, '127.0.0.1', done));
    const port = (dropping.address() as { port: number }).port;
    const file = join(dataDir, 'redis-away.yaml');
    writeFileSync(
      file,
      JSON.stringify({
        marketplace: { baseUrl: world.sandbox.url, apiKey: world.sandbox.apiKey },
        intake: { mode: 'poll' },
        redis: { prefix, embedded: false },
        webhook: { listen: { host: '127.0.0.1', port: await freePort() } },
        status: { listen: { host: '127.0.0.1', port: await freePort() } },
        log: { level: 'debug' },
        ui: { language: 'en' },
        dataDir: join(dataDir, 'redis-away'),
        blogs: [
          {
            id: 7,
            publisher: 'static',
            options: { dir: join(dataDir, 'site'), baseUrl: 'https://slozka.cz' },
          },
        ],
      }),
    );

    try {
      // Act
      const daemon = start({
        ...env(),
        PRESSBRIDGE_CONFIG: file,
        PRESSBRIDGE_REDIS_URL: `redis://127.0.0.1:${port}`,
      });
      const seen = (msg: string | RegExp, level: number) => () =>
        daemon
          .lines()
          .find((l) => l.level === level && (typeof msg === 'string' ? l.msg === msg : msg.test(l.msg)));
      await until(seen('pressbridge started', 30), 30_000, 'the start', 100);
      // What fails because of it has failed (a poll, the sweep), and is a debug line.
      await until(seen('poll failed; it is tried again', 20), 30_000, 'the failed poll', 100);
      await until(
        seen('reconciliation sweep failed; it is tried again', 20),
        30_000,
        'the failed sweep',
        100,
      );
      await until(seen('redis: still out of reach', 20), 30_000, 'a later client error', 100);

      // Assert: one line at warn or above, naming the Redis and the fix; ioredis's words at debug at most.
      expect(problems(daemon.lines())).toEqual([
        expect.objectContaining({
          level: 50,
          redis: `redis://127.0.0.1:${port}`,
          msg: expect.stringMatching(
            /^Redis does not answer: start it \(sudo systemctl start redis-server.*or correct redis\.url/,
          ),
        }),
      ]);
      const shown = daemon.lines().filter((l) => l.level >= 30);
      expect(JSON.stringify(shown)).not.toMatch(
        /Stream isn't writeable|enableOfflineQueue|maxRetriesPerRequest/,
      );
      expect(
        daemon
          .text()
          .split('\n')
          .filter((l) => l !== '' && !l.startsWith('{')),
      ).toEqual([]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => dropping.close(() => done()));
    }
  }, 90_000);
});
