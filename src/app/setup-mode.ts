/**
 * Setup mode: `pressbridge start` without any config serves only the /setup pages (on the status page's
 * address) and prints one line with the address and a one-time token. When the setup is written, this process
 * stops listening, loads the new config, starts the real daemon (whose status page takes over the address) and
 * the last setup page shows `doctor`'s checks.
 */
import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { configIssue, saidOfMessage } from '../config/issues.js';
import { portFromEnv } from '../config/listeners.js';
import { loadConfig } from '../config/load.js';
import type { Env } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import { doctorOfInstallation } from '../doctor/index.js';
import { ConfigError } from '../errors.js';
import { listenAs } from '../http-limits.js';
import { createTranslator, type Language } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { SetupAnswers } from '../setup/answers/index.js';
import { createSetupEngine } from '../setup/engine.js';
import { setupRoutes } from '../setup/web/router.js';
import type { WordPressConnection } from '../setup/wordpress/types.js';
import { STATUS_CSS, STATUS_JS } from '../status/assets.js';
import { canonicalHost, isAllowedHost } from '../status/hosts.js';
import { securityHeaders } from '../status/security.js';
import { StatusHostsSetting } from '../status/settings.js';
import type { Daemon } from './types.js';

export interface SetupModeOptions {
  dataDir: string;
  listen: { host: string; port: number };
  env: Env;
  log: Logger;
  language: Language;
  wordpress: WordPressConnection;
  /** Starts the daemon on the written config (src/main.ts's startDaemon). */
  /** `configPath`: the file the setup wrote (the daemon's Rules page edits it). */
  startDaemon(config: Readonly<Config>, configPath: string): Promise<Daemon>;
  /** What the page does not ask (tests: Redis prefix, a free webhook port). */
  defaults?: Partial<Pick<SetupAnswers, 'redis'>> & {
    webhookListen?: { host: string; port: number };
    baseUrl?: string;
  };
  /** The one human line (stdout). */
  print(line: string): void;
}

export interface SetupMode {
  /** The setup page, e.g. `http://127.0.0.1:8081/setup`. */
  readonly url: string;
  readonly token: string;
  /** Resolves with the daemon once the setup finished and it started. */
  readonly daemon: Promise<Daemon>;
  close(): Promise<void>;
}

/** Easy to type and read aloud: no 0/O, 1/l/I. 12 characters, about 60 bits. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export function newSetupToken(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** A token of one's own must be as hard to guess as the printed one (10 wrong tries per address per 10 minutes pass). */
const MIN_OWN_TOKEN_LENGTH = 12;

export async function startSetupMode(options: SetupModeOptions): Promise<SetupMode> {
  const own = options.env.PRESSBRIDGE_SETUP_TOKEN?.trim();
  if (own && own.length < MIN_OWN_TOKEN_LENGTH) {
    const params = { min: String(MIN_OWN_TOKEN_LENGTH), length: String(own.length) };
    throw new ConfigError([
      configIssue('PRESSBRIDGE_SETUP_TOKEN', { key: 'config.setup.token_short', params }),
    ]);
  }
  const token = own || newSetupToken();
  const hosts = setupHosts(options.env);
  const t = createTranslator(options.language);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(securityHeaders());
  // Whatever the address it listens on (Docker: 0.0.0.0, reached as 127.0.0.1:8081 through the published port),
  // only requests addressed to a loopback name or a configured one: a web page whose own name was re-pointed at
  // this machine (DNS rebinding) gets no token form and cannot spend the wrong tries (a lockout of the owner).
  app.use((req, res, next) => {
    if (isAllowedHost(req.headers.host, hosts)) return next();
    res
      .status(403)
      .type('text')
      .send(`${t.t('status.access.host')}\n\n${t.t('setup.page.host_refused', { url })}\n`);
  });
  app.get('/assets/status.css', (_req, res) => void res.type('css').send(STATUS_CSS));
  app.get('/assets/status.js', (_req, res) => void res.type('js').send(STATUS_JS));
  app.get('/favicon.ico', (_req, res) => void res.status(204).end());
  // Liveness while waiting for the setup: Docker's HEALTHCHECK asks this address, the daemon's status listener later.
  app.get('/healthz', (_req, res) => void res.type('text').send('ok: waiting for setup'));
  app.get('/', (_req, res) => res.redirect(303, '/setup'));
  // The setup page is on the status page's address: a taken port is the status listener's (its flag, variable).
  const server = await listenAs('status', app, options.listen.host, options.listen.port);
  const port = (server.address() as AddressInfo).port;
  // As a browser writes it (`127.1` → 127.0.0.1); every address → the loopback one the owner opens.
  const listenName = canonicalHost(options.listen.host) ?? options.listen.host;
  const shownHost = ['0.0.0.0', '::', ''].includes(listenName) ? '127.0.0.1' : listenName;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}/setup`;

  let resolveDaemon!: (daemon: Daemon) => void;
  let rejectDaemon!: (error: unknown) => void;
  const daemon = new Promise<Daemon>((resolve, reject) => {
    resolveDaemon = resolve;
    rejectDaemon = reject;
  });
  daemon.catch(() => {});
  let closed = false;
  const stopListening = (): Promise<void> =>
    new Promise((resolve) => {
      if (closed) return resolve();
      closed = true;
      server.close(() => resolve());
      server.closeIdleConnections();
    });

  const engine = createSetupEngine({
    wordpress: options.wordpress,
    dataDir: options.dataDir,
    log: options.log,
  });
  app.use(
    setupRoutes({
      engine,
      token,
      log: options.log,
      language: options.language,
      defaults: {
        status: { host: options.listen.host, port },
        ...withWebhookPort(portFromEnv(options.env, 'webhook')),
        // The Redis of the environment (Docker's, the service's) goes into the config, so that it says what runs.
        ...(options.env.PRESSBRIDGE_REDIS_URL?.trim()
          ? { redis: { url: options.env.PRESSBRIDGE_REDIS_URL.trim() } }
          : {}),
        ...options.defaults,
      },
      async onFinished(result) {
        // The address is the daemon's status page from now on: stop listening (this answer still goes out).
        void stopListening();
        let started: Daemon;
        try {
          // Loaded as every later start loads it: with this process's environment (Docker's
          // PRESSBRIDGE_REDIS_URL, PRESSBRIDGE_STATUS_PASSWORD …), not only what the setup wrote.
          started = await options.startDaemon(
            loadConfig({ path: result.configPath, env: options.env }),
            result.configPath,
          );
        } catch (error) {
          rejectDaemon(error);
          throw error;
        }
        resolveDaemon(started);
        return {
          doctor: await doctorOfInstallation(result.configPath, options.env),
          statusUrl: started.statusUrl ?? '/',
        };
      },
    }),
  );
  app.use((_req, res) => void res.status(404).type('text').send('Not found'));

  options.print(t.t('setup.start.line', { url, token }));
  options.log.info({ url }, 'pressbridge setup mode: waiting for the setup at /setup');
  return { url, token, daemon, close: stopListening };
}

/** The webhook port the environment proposes (`start --webhook-port`, PRESSBRIDGE_WEBHOOK_PORT), if any. */
function withWebhookPort(port: number | undefined): { webhookPort?: number } {
  return port === undefined ? {} : { webhookPort: port };
}

/**
 * The names the setup page answers to besides loopback ones: `PRESSBRIDGE_STATUS_HOSTS`, read as the daemon
 * will read `status.hosts` afterwards (a bad entry is a ConfigError before listening).
 */
function setupHosts(env: Env): ReadonlySet<string> {
  const parsed = StatusHostsSetting.safeParse(env.PRESSBRIDGE_STATUS_HOSTS ?? []);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) =>
        configIssue('PRESSBRIDGE_STATUS_HOSTS', saidOfMessage(issue.message)),
      ),
    );
  }
  return new Set(parsed.data);
}
