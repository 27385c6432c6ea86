/**
 * Debian's caddy in front of a test world, and a visitor that reaches it over HTTPS as a phone would.
 *
 *   const caddy = await startCaddy({ site: caddyfileBlock, httpPort, httpsPort });
 *   const phone = createVisitor({ caddy, host: 'status.blog.example.cz', localAddress: '127.0.0.2' });
 *   const page = await phone.request('/', { password });
 *
 * The site block is the blogger's (from the docs); the global options around it are what a test machine needs:
 * the given ports, loopback only, Caddy's own certificate authority (`local_certs`: no Let's Encrypt here; its
 * root is what the visitor trusts, and `skip_install_trust` keeps it out of the machine's trust store), no admin
 * endpoint, and every file Caddy writes in a temporary folder. Each visitor connects from a loopback address of
 * its own, so Caddy sees (and forwards) a different client for each.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from './until.js';

export const CADDY_MISSING =
  "caddy is not installed: the remote-access recipe is tested with Debian's caddy package " +
  '(apt-get install caddy); the CI script installs it';

export interface Caddy {
  /** Plain http: Caddy's redirect to https. */
  readonly httpPort: number;
  readonly httpsPort: number;
  /** Caddy's root certificate (PEM): the one certificate authority the visitors trust. */
  readonly rootCa: string;
  /** What Caddy logged so far (for a failure's message). */
  log(): string;
  close(): Promise<void>;
}

/** Throws with CADDY_MISSING when no `caddy` runs on this machine. */
export function assertCaddyInstalled(): void {
  const probe = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new Error(CADDY_MISSING);
}

export async function startCaddy(options: {
  site: string;
  httpPort: number;
  httpsPort: number;
}): Promise<Caddy> {
  assertCaddyInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'pb-caddy-'));
  const storage = join(dir, 'data');
  const file = join(dir, 'Caddyfile');
  writeFileSync(
    file,
    `{
\tadmin off
\tdefault_bind 127.0.0.1
\thttp_port ${options.httpPort}
\thttps_port ${options.httpsPort}
\tlocal_certs
\tskip_install_trust
\tstorage file_system ${storage}
}

${options.site}
`,
  );
  let output = '';
  const child: ChildProcess = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its autosaved config and anything else it keeps: in the folder, not in the machine's home.
    env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'xdg') },
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const rootCa = await until(
      () => {
        if (child.exitCode !== null) throw new Error(`caddy exited at start-up:\n${output}`);
        try {
          return readFileSync(join(storage, 'pki/authorities/local/root.crt'), 'utf8');
        } catch {
          return undefined;
        }
      },
      20_000,
      "caddy's root certificate",
    );
    return { httpPort: options.httpPort, httpsPort: options.httpsPort, rootCa, log: () => output, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface VisitorAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface VisitOptions {
  method?: 'GET' | 'POST';
  /** HTTP Basic with this password (the user name is any). */
  password?: string;
  /** A urlencoded form (POST). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * A browser on a phone, reduced to what the status page needs: HTTPS to `host` (resolved to Caddy on this
 * machine, the certificate checked against Caddy's root and the name), a cookie jar, redirects not followed.
 */
export function createVisitor(options: { caddy: Caddy; host: string; localAddress: string }) {
  const { caddy, host } = options;
  const origin = `https://${host}:${caddy.httpsPort}`;
  const jar = new Map<string, string>();
  const cookies: string[] = [];
  const visit = (path: string, visitOptions: VisitOptions = {}): Promise<VisitorAnswer> => {
    const body = visitOptions.form ? new URLSearchParams(visitOptions.form).toString() : undefined;
    const headers: Record<string, string> = { ...visitOptions.headers };
    if (visitOptions.password !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`phone:${visitOptions.password}`).toString('base64')}`;
    }
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: caddy.httpsPort,
          servername: host,
          path,
          method: visitOptions.method ?? (body === undefined ? 'GET' : 'POST'),
          headers: { host: `${host}:${caddy.httpsPort}`, ...headers },
          ca: caddy.rootCa,
          localAddress: options.localAddress,
          agent: false,
          timeout: 15_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              cookies.push(line);
              const [pair = ''] = line.split(';');
              const eq = pair.indexOf('=');
              if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
            }
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer from ${origin}${path}`)));
      req.on('error', reject);
      req.end(body);
    });
  };
  return {
    origin,
    /** Every Set-Cookie line received, in order (their attributes: `Secure`, …). */
    cookies,
    request: visit,
    /** Opens an absolute link (a notification's): it must lead to this origin. */
    open(link: string, visitOptions: VisitOptions = {}): Promise<VisitorAnswer> {
      const url = new URL(link);
      if (url.origin !== origin) throw new Error(`${link} does not lead to ${origin}`);
      return visit(`${url.pathname}${url.search}`, visitOptions);
    },
  };
}
