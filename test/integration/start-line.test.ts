/**
 * `pressbridge start` on a terminal prints one human line with its addresses besides its log, one readable line
 * per event; piped, only the JSON log. The terminal is a real pseudo-terminal (util-linux `script`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ARGS, CLI_LINE, NODE, ROOT } from '../helpers/cli-runner.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

const prefix = randomPrefix();
const dir = mkdtempSync(join(tmpdir(), 'pb-start-line-'));

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

function config(): string {
  const file = join(dir, 'pressbridge.yaml');
  writeFileSync(
    file,
    [
      'marketplace: { baseUrl: "http://127.0.0.1:9", apiKey: k-test-1234567 }',
      `redis: { url: "${TEST_REDIS_URL}", prefix: ${prefix} }`,
      'webhook: { listen: { host: 127.0.0.1, port: 0 }, secret: s }',
      'status: { listen: { host: 127.0.0.1, port: 0 } }',
      'reconcile: { enabled: false }',
      'ui: { language: en }',
      `dataDir: ${join(dir, 'data')}`,
      '',
    ].join('\n'),
  );
  return file;
}

/** Runs the daemon until `until` matches its output, then stops it with SIGTERM; returns the output. */
async function runUntil(child: ChildProcess, until: RegExp): Promise<string> {
  let out = '';
  const exited = new Promise((done) => child.once('exit', done));
  try {
    await read(child, until, (text) => {
      out = text;
    });
  } finally {
    // Also when nothing matched: the test leaves nothing running.
    child.kill('SIGTERM');
    await exited;
  }
  return out;
}

function read(child: ChildProcess, until: RegExp, seen: (text: string) => void): Promise<void> {
  let out = '';
  return new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no match in: ${out}`)), 25_000);
    const read = (chunk: Buffer): void => {
      out += chunk.toString('utf8');
      seen(out);
      if (until.test(out)) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => fail(new Error(`exited (${code}): ${out}`)));
  });
}

describe('pressbridge start: the human line', () => {
  it('is printed once on a terminal, naming the status page and the webhook, below readable log lines', async () => {
    const command = `${CLI_LINE} start --config ${config()}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, PRESSBRIDGE_LOG_FORMAT: '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = await runUntil(child, /pressbridge is running[^\n]*\n/);
    expect(out).toMatch(
      /pressbridge is running — status: http:\/\/127\.0\.0\.1:\d+\/ · webhook: http:\/\/127\.0\.0\.1:\d+\/webhook \(Ctrl\+C stops it\)/,
    );
    expect(out.match(/pressbridge is running/g)).toHaveLength(1);
    // The log and the human line share stdout, written in order: the start event comes first.
    expect(out).toMatch(
      /\d\d:\d\d:\d\d INFO {2}pressbridge started · version=\S+ [^\n]*\n[\s\S]*pressbridge is running/,
    );
    expect(out).not.toContain('"msg":');
  }, 40_000);

  it('is left out when the output is piped (systemd, Docker), and the log stays JSON lines', async () => {
    const child = spawn(NODE, [...CLI_ARGS, 'start', '--config', config()], {
      cwd: ROOT,
      env: { ...process.env, PRESSBRIDGE_LOG_FORMAT: '' },
    });
    const out = await runUntil(child, /"msg":"pressbridge started"/);
    expect(out).not.toContain('pressbridge is running');
    // Whole lines only: the output is read until the match, which may end inside a line.
    const lines = out.split('\n').slice(0, -1).filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('level');
  }, 40_000);

  it('PRESSBRIDGE_LOG_FORMAT=json keeps JSON lines on a terminal, for people who pipe a terminal on', async () => {
    const command = `${CLI_LINE} start --config ${config()}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, PRESSBRIDGE_LOG_FORMAT: 'json' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = await runUntil(child, /"msg":"pressbridge started"/);
    expect(out).not.toMatch(/INFO {2}pressbridge started/);
  }, 40_000);
});
