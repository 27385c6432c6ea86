/**
 * `pressbridge sandbox --date-format … --profile …` and `pressbridge sandbox accept --accepted-minutes-ago …` as
 * a user runs them (real processes, real HTTP).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Capture } from '../../src/capture/capture.js';
import type { SandboxDeal } from '../../src/sandbox/index.js';
import { CLI_ARGS, NODE, ROOT, runCliOk } from '../helpers/cli-runner.js';

const capture: Capture = {
  captureVersion: 1,
  pressbridge: 'test',
  capturedAt: '2026-11-23T19:40:00.000Z',
  dates: { form: 'YYYY-MM-DD HH:MM:SS', zone: 'Europe/Prague' },
  requests: [
    {
      method: 'GET',
      path: '/v1/deals/{id}/text',
      status: 200,
      headers: {},
      shape: { type: 'object', fields: { deal_id: { type: 'number' }, obsah: { type: 'string' } } },
    },
  ],
  checks: [],
};

describe('pressbridge sandbox (CLI flags)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pb-sandbox-cli-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.pid !== undefined && child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves UTC date-times in the captured shape; accept --accepted-minutes-ago makes a late deal', async () => {
    const file = join(dir, 'capture.json');
    writeFileSync(file, JSON.stringify(capture));
    const started = spawn(
      NODE,
      [
        ...CLI_ARGS,
        'sandbox',
        '--port',
        '0',
        '--date-format',
        'utc',
        '--profile',
        file,
        '--log-level',
        'warn',
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        // The sandbox's words in English, whatever this machine's locale (src/i18n/process-language.ts).
        env: { ...process.env, PRESSBRIDGE_LANGUAGE: 'en' },
      },
    );
    child = started;
    let out = '';
    const url = await new Promise<string>((resolveUrl, reject) => {
      started.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m?.[1]) resolveUrl(m[1]);
      });
      started.once('exit', (code) => reject(new Error(`sandbox exited (${code}): ${out}`)));
    });
    expect(out).toContain(`Date-times: utc (profile ${file})`);

    const { stdout } = await runCliOk(
      ['sandbox', 'accept', '--url', url, '--accepted-minutes-ago', '70', '--no-deliver', '--json'],
      { env: { ...process.env, PRESSBRIDGE_LANGUAGE: 'en' } },
    );
    const deal = JSON.parse(stdout) as SandboxDeal;
    expect(Date.parse(deal.publishDeadline)).toBeLessThan(Date.now() - 9 * 60_000);
    // The wire form: UTC wall clock.
    expect(deal.acceptedEvent.deal.publish_deadline).toBe(
      deal.publishDeadline.slice(0, 19).replace('T', ' '),
    );

    const text = await fetch(`${url}/v1/deals/${deal.id}/text`, {
      headers: { Authorization: 'Bearer sandbox-key' },
    });
    expect(await text.json()).toEqual({ deal_id: deal.id, obsah: deal.html });

    // Without --url, accept posts to $PRESSBRIDGE_SANDBOX_URL (the line the sandbox printed), not port 8090.
    expect(out).toContain(`export PRESSBRIDGE_SANDBOX_URL=${url}`);
    const second = await runCliOk(['sandbox', 'accept', '--no-deliver'], {
      env: { ...process.env, PRESSBRIDGE_SANDBOX_URL: url, PRESSBRIDGE_LANGUAGE: 'en' },
    });
    // Without --json: a short summary a person reads, naming the deal.
    const lines = second.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const id = Number(/^Deal (\d+) accepted in the sandbox/.exec(lines[0] ?? '')?.[1]);
    expect(lines[1]).toContain('not sent (--no-deliver)');
    const next = { id };
    const found = await fetch(`${url}/v1/deals/${next.id}/text`, {
      headers: { Authorization: 'Bearer sandbox-key' },
    });
    expect(next.id).not.toBe(deal.id);
    expect(found.status).toBe(200);

    started.kill('SIGTERM');
    await new Promise((done) => started.once('exit', done));
  });
});
