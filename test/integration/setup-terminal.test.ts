/**
 * `pressbridge setup` in a real pseudo-terminal (util-linux `script`, no native build), as a blogger runs it:
 * the sandbox as marketplace and a real WordPress, connected through the authorization link the terminal
 * prints (no success_url, so WordPress shows the new Application Password, which Chromium reads and "pastes").
 * The key and the password are typed into the terminal and never appear on it; the written config loads, a
 * follow-up `pressbridge deals` finds the installation through PRESSBRIDGE_DATA_DIR alone, and a daemon on that
 * config hands in a deal accepted in the sandbox.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { loadConfig } from '../../src/config/load.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { loginToWpAdmin } from '../helpers/block-editor.js';
import { launchBrowser } from '../helpers/browser.js';
import { CLI_LINE, ROOT, runCliOk } from '../helpers/cli-runner.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { until } from '../helpers/until.js';

/** What the terminal shows, without its cursor and colour sequences. */
function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences are what is removed
  return text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
}

describe('pressbridge setup in a pseudo-terminal (sandbox, real WordPress)', () => {
  const world = useSandboxWorld({
    dir: 'pb-setup-pty-',
    wordpress: { environment: 'local' },
    blog: { id: 3, name: 'Můj blog' },
  });
  const { prefix, dir: dataDir } = world;
  const env = { ...world.installEnv, TERM: 'xterm' };
  let daemon: Daemon | undefined;
  // Runs before the world's own afterAll (after-hooks run as a stack): the daemon stops while the sandbox answers.
  afterAll(async () => {
    await daemon?.close();
  });

  it('asks, hides the key and the password, writes an installation the next command and the daemon use', async () => {
    const { sandbox, wp } = world;
    const started = Date.now();
    const deal = await sandbox.createDeal({ blogId: 3, photos: 1 });
    // The sandbox and WordPress run on this machine: --allow-local says that is meant.
    const command = `${CLI_LINE} setup --lang en --no-agent --allow-local --redis-prefix ${prefix}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, env });
    let shown = '';
    child.stdout.on('data', (chunk: Buffer) => {
      shown += chunk.toString('utf8');
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const exited = new Promise<number | null>((done) => child.on('exit', done));
    let seen = 0;
    const typed: string[] = [];
    /** Waits for the question (after what was answered already), then types the answer and Enter. */
    const answer = async (question: string, value: string): Promise<void> => {
      const at = await until(
        () => {
          const found = plain(shown).indexOf(question, seen);
          return found >= 0 ? found : undefined;
        },
        60_000,
        `the question "${question}" (shown: ${plain(shown).slice(seen)} ${stderr})`,
        50,
      );
      seen = at + question.length;
      typed.push(question);
      child.stdin.write(`${value}\r`);
    };

    await answer('Marketplace API address', sandbox.url);
    await answer('API key', sandbox.apiKey);
    await answer('Publish to', 'wordpress');
    await answer('Site address', '');
    // The link the terminal printed: WordPress's own screen, with no success_url.
    const link = await until(
      () => /(http:\/\/\S+authorize-application\.php\S*)/.exec(plain(shown).slice(seen))?.[1],
      30_000,
      'the authorization link',
    );
    expect(new URL(link).searchParams.get('app_name')).toMatch(/^pressbridge \d{4}-/);
    expect(new URL(link).searchParams.has('success_url')).toBe(false);
    const browser = await launchBrowser();
    let password: string;
    try {
      const page = await loginToWpAdmin(browser, wp);
      await page.goto(link, { waitUntil: 'domcontentloaded' });
      await page.locator('#approve').click();
      password = await page.locator('#new-application-password-value').inputValue();
      // Without success_url WordPress stays on its page and shows the password.
    } finally {
      await browser.close();
    }
    expect(password.replace(/ /g, '')).toMatch(/^[A-Za-z0-9]{24}$/);
    await answer('User name', wp.username);
    await answer('Application password', password);
    await answer('Categories', '');
    await answer('Category id', ''); // the site's default category
    await answer('Rules for', ''); // skip: no rules
    await answer('intake', '');
    await answer('ntfy topic', '-');
    expect(await exited).toBe(0);

    const screen = plain(shown);
    expect(screen).toContain('Signed in as');
    expect(screen).toContain('The setup is saved in');
    // The categories' ways, each with its sentence, before the question.
    expect(screen).toContain(
      '  map: My own mapping: marketplace category → blog category. On each line you write',
    );
    // A plain answer is echoed; the key and the password are not.
    expect(screen).toMatch(/Marketplace API address: +http:\/\/127\.0\.0\.1/);
    expect(screen).not.toContain(sandbox.apiKey);
    expect(screen).not.toContain(password);
    expect(screen).not.toContain(password.replace(/ /g, ''));

    const config = loadConfig({ path: join(dataDir, 'pressbridge.yaml'), env: {} });
    expect(config.blogs.map((b) => [b.id, b.publisher])).toEqual([[3, 'wordpress']]);
    expect(readFileSync(join(dataDir, 'pressbridge.yaml'), 'utf8')).not.toContain(sandbox.apiKey);

    // Any free ports: the written 8080/8081 may be taken by another test file running at the same time.
    const anyPort = { host: '127.0.0.1', port: 0 };
    daemon = await startDaemon({
      config: {
        ...config,
        webhook: { ...config.webhook, listen: anyPort },
        status: { ...config.status, listen: anyPort },
      },
      log: createSilentLogger(),
    });
    const handedIn = await until(
      () => sandbox.handIns().find((h) => h.dealId === deal.id),
      90_000,
      'the deal handed in',
      200,
    );
    expect(handedIn.url.startsWith(wp.url)).toBe(true);
    // The next command finds the installation (config, secrets, Redis) through PRESSBRIDGE_DATA_DIR alone.
    const { stdout: deals } = await runCliOk(['deals', '--json'], { env });
    const listed = JSON.parse(deals) as { items: Array<{ dealId: number; state: string }> };
    expect(listed.items.map((d) => [d.dealId, d.state])).toEqual([[deal.id, 'handed_in']]);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `pressbridge setup in a terminal (WordPress ${wp.version}): ${typed.length} answers, ${seconds} s to a handed-in deal\n  ${typed.join(' · ')}`,
    );
  }, 180_000);
});
