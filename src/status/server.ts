/** The status page's own listener: refused on a public address without a password, closed within 2 s. */
import type { AddressInfo } from 'node:net';
import { configIssue } from '../config/issues.js';
import { ConfigError } from '../errors.js';
import { listenAs } from '../http-limits.js';
import { createStatusApp } from './app.js';
import { isLoopbackHost } from './hosts.js';
import { normalizeBasePath } from './routes/page-kit.js';
import type { StatusDeps } from './types.js';

export interface StatusServer {
  /** The overview's address, e.g. `http://127.0.0.1:8081/`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Refuses (ConfigError) a listener that other machines could reach while no password is set: the page shows
 * every deal and can re-run them.
 */
export function assertStatusListenAllowed(listen: { host: string }, password: string | undefined): void {
  if (!isLoopbackHost(listen.host) && !password) {
    const said = { key: 'config.status.no_password', params: { host: listen.host } };
    throw new ConfigError([configIssue('status.password', said)]);
  }
}

export async function startStatusServer(
  deps: StatusDeps,
  listen: { host: string; port: number },
): Promise<StatusServer> {
  assertStatusListenAllowed(listen, deps.password);
  const app = createStatusApp(deps);
  const server = await listenAs('status', app, listen.host, listen.port);
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
  const url = `http://${shown}:${address.port}${normalizeBasePath(deps.basePath)}/`;
  if (!isLoopbackHost(listen.host)) {
    deps.log.warn(
      { host: listen.host, port: address.port },
      'status page: reachable from the network; serve it through HTTPS (a reverse proxy) so the password is not sent in clear',
    );
  }
  deps.log.info({ url }, 'status page listening');
  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 2_000);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
