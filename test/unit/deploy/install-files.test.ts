/**
 * The files that install pressbridge, read as Docker, Caddy and nginx would (none of them runs here): the compose
 * file starts setup without any file written first, the image finds its data directory and offers the CLI, and
 * the optional status-page blocks of deploy/ work with the page's absolute links.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { engineMinimum, parseVersion, satisfies } from '../../../src/node-engines.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const read = (file: string): string => readFileSync(resolve(ROOT, file), 'utf8');

interface ComposeService {
  environment?: Record<string, string>;
  volumes?: Array<string | { type?: string; source?: string; target?: string }>;
  ports?: string[];
  secrets?: unknown;
}
interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file?: string }>;
}

/** `source:target[:mode]` or the long form → `{ source, target }`. */
function mount(volume: NonNullable<ComposeService['volumes']>[number]): { source: string; target: string } {
  if (typeof volume !== 'string') return { source: volume.source ?? '', target: volume.target ?? '' };
  const [source = '', target = ''] = volume.split(':');
  return { source, target };
}

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml')) as Compose;
  const service = compose.services.pressbridge as ComposeService;

  it('mounts no host file or folder into pressbridge: a named data volume only, so a missing config is no problem', () => {
    const mounts = (service.volumes ?? []).map(mount);
    expect(mounts.length).toBeGreaterThan(0);
    for (const { source } of mounts) {
      // A bind mount names a host path (./…, /…, ~…); a named volume is a bare name declared below.
      expect(source).toMatch(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);
      expect(Object.keys(compose.volumes ?? {})).toContain(source);
    }
    // Secrets from host files would fail the same way before they exist.
    expect(service.secrets).toBeUndefined();
    expect(compose.secrets).toBeUndefined();
  });

  it('keeps the config and data in that volume, talks to its Redis and publishes the page on loopback only', () => {
    const env = service.environment ?? {};
    const dataDir = env.PRESSBRIDGE_DATA_DIR;
    expect(dataDir).toBe('/data');
    expect((service.volumes ?? []).map(mount)).toContainEqual({
      source: 'pressbridge-data',
      target: dataDir,
    });
    expect(env.PRESSBRIDGE_CONFIG).toBeUndefined();
    expect(env.PRESSBRIDGE_REDIS_URL).toBe('redis://redis:6379');
    expect(env.PRESSBRIDGE_STATUS_HOST).toBe('0.0.0.0');
    // The webhook listener, once a webhook is registered, must be reachable through its published port too.
    expect(env.PRESSBRIDGE_WEBHOOK_HOST).toBe('0.0.0.0');
    expect(service.ports).toContain('127.0.0.1:8081:8081');
    for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
  });

  it('says where the setup token is and how to run a CLI command', () => {
    const text = read('docker-compose.yml');
    expect(text).toContain('docker compose logs pressbridge');
    expect(text).toContain('docker compose exec pressbridge pressbridge doctor');
  });
});

describe('Dockerfile', () => {
  const text = read('Dockerfile');

  it('runs with its data directory as a volume and `pressbridge` on the PATH', () => {
    expect(text).toMatch(/PRESSBRIDGE_DATA_DIR=\/data/);
    expect(text).toContain('VOLUME ["/data"]');
    expect(text).toContain('ln -s /app/dist/src/cli.js /usr/local/bin/pressbridge');
    expect(text).not.toContain('PRESSBRIDGE_CONFIG=');
  });

  it('checks health on the status listener, which runs in every intake mode: the command as Docker runs it', async () => {
    const cmd = /^HEALTHCHECK[^\n]*\\\n\s*CMD (\[.*\])$/m.exec(text)?.[1];
    const argv = JSON.parse(cmd ?? '[]') as string[];
    expect(argv[0]).toBe('node');
    expect(argv.join(' ')).not.toContain('8080');
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(200).end('{"ok":true}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as AddressInfo).port;
    const run = (env: NodeJS.ProcessEnv): Promise<number | null> =>
      new Promise((done) => {
        const child = spawn(process.execPath, argv.slice(1), { env, stdio: 'ignore' });
        child.once('exit', (code) => done(code));
      });
    try {
      expect(await run({ ...process.env, PRESSBRIDGE_STATUS_PORT: String(port) })).toBe(0);
      expect(asked).toEqual(['/healthz']);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
    // Nothing answers there any more: unhealthy.
    expect(await run({ ...process.env, PRESSBRIDGE_STATUS_PORT: String(port) })).toBe(1);
  });

  it('builds on the Node the README advises, within package.json engines; CI and the docs name the same', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const minimum = engineMinimum(engines);
    const major = Number(/FROM node:(\d+)-/.exec(text)?.[1]);
    expect(satisfies([major, 0, 0], engines)).toBe(true);
    expect(read('README.md')).toContain(`setup_${major}.x`);
    // .ci/run tests the image's Node and the oldest line engines allows.
    const ci = read('.ci/run');
    expect(ci).toMatch(new RegExp(`^NODE_CURRENT=${major}\\.\\d+\\.\\d+$`, 'm'));
    const oldest = /^NODE_OLDEST=(\S+)$/m.exec(ci)?.[1] ?? '';
    expect(satisfies(parseVersion(oldest), engines)).toBe(true);
    expect(parseVersion(oldest)[0]).toBe(minimum[0]);
    // Every page that names the oldest supported Node names this one.
    const oldestText = `${minimum[0]}.${minimum[1]}`;
    for (const page of ['README.md', 'docs/going-live.md', 'docs/getting-started.md']) {
      expect(read(page), page).toContain(oldestText);
      expect(read(page), page).not.toMatch(/20\.19/);
    }
  });
});

describe('deploy/: the optional status-page blocks', () => {
  // The page's links are absolute (/deals/1): under a path prefix such as /status/ every link leaves it.
  // Caddy's block lives in docs/remote-access.md (test/integration/remote-access.test.ts runs it); the
  // Caddyfile points there.
  it.each([
    ['docs/remote-access.md', /handle_path\s+\/status|handle\s+\/status/, /status\.blog\.example\.cz \{/],
    ['deploy/nginx.conf', /location\s+\/status/, /status\.pressbridge\.example\.cz/],
  ])(
    '%s proxies the status page on a host name of its own, never under a path prefix',
    (file, prefixed, named) => {
      const text = read(file);
      expect(text).not.toMatch(prefixed);
      expect(text).toMatch(named);
    },
  );
  it('deploy/Caddyfile points to the tested block', () => {
    expect(read('deploy/Caddyfile')).toContain('docs/remote-access.md');
  });
});
