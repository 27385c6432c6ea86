/**
 * `pressbridge start` on a terminal prints one human line with its addresses besides the JSON log; piped, only the
 * JSON log. The terminal is a real pseudo-terminal (util-linux `script`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, TSX } from '../helpers/cli-runner.js';
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
  it('is printed once on a terminal, naming the status page and the webhook', async () => {
    const command = `${TSX} ${CLI} start --config ${config()}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The JSON log may be flushed after the human line: wait for both.
    const out = await runUntil(
      child,
      /pressbridge is running[^\n]*\n[\s\S]*"msg":"pressbridge started"|"msg":"pressbridge started"[\s\S]*pressbridge is running[^\n]*\n/,
    );
    expect(out).toMatch(
      /pressbridge is running — status: http:\/\/127\.0\.0\.1:\d+\/ · webhook: http:\/\/127\.0\.0\.1:\d+\/webhook \(Ctrl\+C stops it\)/,
    );
    expect(out.match(/pressbridge is running/g)).toHaveLength(1);
    expect(out).toContain('"msg":"pressbridge started"');
  }, 40_000);

  it('is left out when the output is piped (systemd, Docker)', async () => {
    const child = spawn(TSX, [CLI, 'start', '--config', config()], { cwd: ROOT, env: { ...process.env } });
    const out = await runUntil(child, /"msg":"pressbridge started"/);
    expect(out).not.toContain('pressbridge is running');
  }, 40_000);
});
