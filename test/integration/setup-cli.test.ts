/**
 * `pressbridge setup` as a real process, answering its questions on stdin (the sandbox as marketplace, a blog
 * published to a folder): it writes the installation, which `pressbridge` commands then find without flags.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ARGS, NODE, ROOT, runCliOk } from '../helpers/cli-runner.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';

describe('pressbridge setup (a real process)', () => {
  const world = useSandboxWorld({
    dir: 'pb-setup-cli-',
    blog: { id: 7, name: 'Složka', url: 'https://slozka.cz' },
  });
  const { prefix, dir: dataDir, installEnv: env } = world;

  it('asks in English, writes the installation, and commands find it without flags', async () => {
    const { sandbox } = world;
    const child = spawn(
      NODE,
      [...CLI_ARGS, 'setup', '--lang', 'en', '--no-agent', '--redis-prefix', prefix],
      {
        cwd: ROOT,
        env,
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const answers = [
      sandbox.url,
      sandbox.apiKey,
      'yes', // the sandbox's address is on this machine, on purpose
      'static',
      join(dataDir, 'site'),
      '', // the site's address: the blog's
      '', // categories: default
      '', // rules: skip
      '', // intake: poll
      '-', // ntfy: none (Enter would take a new topic)
    ];
    child.stdin.end(`${answers.join('\n')}\n`);
    const [code] = (await once(child, 'exit')) as [number];
    expect(stdout).toContain(`${sandbox.url} leads to this machine itself (127.0.0.1)`);
    expect(stdout).toContain('The key belongs to');
    expect(code).toBe(0);
    const yaml = readFileSync(join(dataDir, 'pressbridge.yaml'), 'utf8');
    expect(yaml).not.toContain(sandbox.apiKey);
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(yaml).toContain(`prefix: ${prefix}`);

    // `blogs` reads the config and its secrets from the data folder, and asks the marketplace with the key.
    const { stdout: blogs } = await runCliOk(['blogs', '--json'], { env });
    expect(JSON.parse(blogs)).toEqual([expect.objectContaining({ id: 7, name: 'Složka' })]);

    const again = spawn(NODE, [...CLI_ARGS, 'setup', '--yes'], { cwd: ROOT, env });
    let stderr = '';
    again.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const [second] = (await once(again, 'exit')) as [number];
    expect(second).toBe(1);
    expect(stderr).toContain('exists already: pass --force to replace it');
  }, 60_000);
});
