/**
 * The built-in server's life inside the publisher (`serve`): started once, at once when the publisher is
 * made, so that what was published before a restart is reachable again without waiting for a new deal; after
 * a failure (port in use) the next call tries again; stopped for good by `close`. The server itself is
 * server.ts.
 */
import { PublishError } from '../../src/errors.js';
import type { Logger } from '../../src/publisher/types.js';
import { StaticErrorCode } from './errors.js';
import type { StaticOptions } from './options.js';
import { type StaticServer, startStaticServer } from './server.js';

export interface SiteServing {
  /** The running server; started (again) when it is not running. */
  ensure(): Promise<StaticServer>;
  /** The server's address once it listens. */
  url(): string | undefined;
  close(): Promise<void>;
}

export function createSiteServing(deps: {
  dir: string;
  serve: NonNullable<StaticOptions['serve']>;
  log: Logger;
  /** Runs once the server listens, before anyone is told its address (writes the first index page). */
  onListening: () => Promise<void>;
}): SiteServing {
  const { dir, serve, log } = deps;
  let server: StaticServer | undefined;
  let starting: Promise<StaticServer> | undefined;
  let closed = false;

  const stopped = () =>
    new PublishError(StaticErrorCode.cannotListen, `The static site server for ${dir} was stopped`, {
      retryable: true,
    });

  function ensure(): Promise<StaticServer> {
    if (server) return Promise.resolve(server);
    if (closed) return Promise.reject(stopped());
    starting ??= startStaticServer({ root: dir, host: serve.host, port: serve.port, log }).then(
      async (started) => {
        if (closed) {
          await started.close();
          throw stopped();
        }
        await deps.onListening();
        server = started;
        log.info({ url: started.url, dir }, 'serving the static site');
        return started;
      },
      (error: unknown) => {
        starting = undefined;
        throw error;
      },
    );
    return starting;
  }

  // A failure is logged here and reported again by every publish until the port is free.
  ensure().catch((error: unknown) => {
    log.error({ err: error, dir }, 'the static site server could not start');
  });

  return {
    ensure,
    url: () => server?.url,
    async close() {
      closed = true;
      const pending = starting;
      starting = undefined;
      const running = server ?? (await pending?.catch(() => undefined));
      server = undefined;
      await running?.close();
    },
  };
}
