/**
 * The embedded Redis (`redis.embedded: true`): pressbridge runs `redis-server` from the PATH itself, data in
 * `<dataDir>/redis` with AOF on (./server-process.ts), stopped when pressbridge stops and started again when it
 * dies. Which server, by `redis.url` ([decision 22](../../docs/decisions/0022-own-redis-in-the-foreground.md)):
 *
 * | redis.url                                    | embedded server                                            |
 * |----------------------------------------------|------------------------------------------------------------|
 * | a unix socket (the setup's default, below)   | pressbridge's own Redis: always, on that socket, no TCP    |
 * | a TCP address (the demo; older setups)       | a fallback: only when nothing answers there, a free port   |
 *
 * One server per data folder. `<dataDir>/redis/embedded.json` (./embedded-state.ts) names the pressbridge process
 * that runs it (the owner), its pid and where it listens. Another pressbridge on the same folder uses that server while its owner
 * lives (and waits while the owner starts it); a server whose owner is gone (a SIGKILL, a closed terminal) is
 * stopped, which writes its AOF, and started anew. Commands do not start one: the Redis runs with the daemon, and
 * a command without it says so (`ownRedisStopped`).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from '../config/schema.js';
import { AppError, errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { claim, ownerAlive, readState, redisDir, statePathOf, writeState } from './embedded-state.js';
import {
  alive,
  listenFor,
  listenOf,
  type RedisServer,
  redisAnswers,
  redisPid,
  startRedisServer,
  stopPid,
} from './server-process.js';

export interface EmbeddedRedis {
  readonly url: string;
  /** True when this process runs the server (and stops it). */
  readonly owned: boolean;
  /** Its redis.log. */
  readonly logFile: string;
  stop(): Promise<void>;
}

/** pressbridge's own Redis of a data folder, as the setup writes it into `redis.url`: a socket in `<dataDir>/redis`. */
export function ownRedisUrl(dataDir: string): string {
  return `unix://${join(resolve(dataDir), 'redis', 'redis.sock')}`;
}

/**
 * The embedded Redis a pressbridge runs for this data folder, found without waiting: its URL when the state file
 * names a live one, else undefined.
 */
export function runningEmbeddedRedisUrl(dataDir: string): string | undefined {
  const state = readState(statePathOf(dataDir));
  return state?.url !== undefined && state.pid !== undefined && alive(state.pid) ? state.url : undefined;
}

/** The Redis a command (not the daemon) talks to: the embedded server running for the data folder, else redis.url. */
export function commandRedisUrl(config: Pick<Config, 'redis' | 'dataDir'>): string {
  return (config.redis.embedded ? runningEmbeddedRedisUrl(config.dataDir) : undefined) ?? config.redis.url;
}

/**
 * pressbridge's own Redis: embedded on a socket, always run by pressbridge (a TCP `url` is a Redis of its own, the
 * embedded server only its fallback).
 */
export function isOwnRedis(redis: Pick<Config['redis'], 'url' | 'embedded'>): boolean {
  return redis.embedded && redis.url.startsWith('unix:');
}

/**
 * pressbridge's own Redis when nothing answers on its socket: where, and its data folder; it runs only while
 * pressbridge runs (undefined when it answers, or for a Redis that is not pressbridge's own).
 */
export async function ownRedisDown(
  config: Pick<Config, 'redis' | 'dataDir'>,
): Promise<{ url: string; dir: string } | undefined> {
  if (!isOwnRedis(config.redis)) return undefined;
  const url = commandRedisUrl(config);
  return (await redisAnswers(url)) ? undefined : { url, dir: redisDir(config.dataDir) };
}

/** `ownRedisDown` as the error a command stops with: one sentence, not the command failing in Redis' words. */
export async function ownRedisStopped(
  config: Pick<Config, 'redis' | 'dataDir'>,
): Promise<AppError | undefined> {
  const down = await ownRedisDown(config);
  if (!down) return undefined;
  return new AppError(
    'redis_not_running',
    `Redis at ${down.url} does not answer. pressbridge runs its own Redis (data in ${down.dir}) only while it runs ` +
      'itself: start pressbridge in this folder (npm start, or pressbridge start), then run this command again.',
    { phrase: { key: 'cli.redis.own_not_running', params: down } },
  );
}

export interface EmbeddedOptions {
  url: string;
  embedded: boolean;
  dataDir: string;
  log: Logger;
  /** The server binary (default `redis-server` from the PATH). */
  command?: string;
}

/**
 * The Redis to use: `undefined` when embedding is off or a Redis pressbridge does not run answers at `url` (use
 * `redis.url`), else the embedded server (started now, or the one another pressbridge runs for this folder).
 */
export async function ensureEmbeddedRedis(o: EmbeddedOptions): Promise<EmbeddedRedis | undefined> {
  if (!o.embedded) return undefined;
  const { log } = o;
  const dir = redisDir(o.dataDir);
  const statePath = statePathOf(o.dataDir);
  const logFile = join(dir, 'redis.log');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const state = readState(statePath);
    // A TCP fallback whose configured Redis answers (again): that one, as configured.
    if (!isOwnRedis(o) && (await redisAnswers(o.url))) return undefined;
    if (state?.url !== undefined && state.pid !== undefined && (await redisPid(state.url)) === state.pid) {
      if (ownerAlive(state)) {
        log.info(
          { url: state.url, pid: state.pid },
          'using the embedded Redis this data folder already runs',
        );
        return { url: state.url, owned: false, logFile, stop: async () => {} };
      }
      log.warn(
        { url: state.url, pid: state.pid },
        'the embedded Redis of a pressbridge that ended without stopping it still runs: stopped, and started anew',
      );
      await stopPid(state.pid);
      rmSync(statePath, { force: true });
      continue;
    }
    if (state && ownerAlive(state)) {
      // Another pressbridge on this folder starts it (or starts it again) right now.
      if (Date.now() > deadline)
        throw new AppError(
          'redis_embedded_busy',
          `another pressbridge (pid ${state.owner ?? state.pid}) runs the Redis of ${dir}, and it does not answer: ` +
            'stop that pressbridge, or wait until its Redis answers',
          { phrase: { key: 'run.redis.busy', params: { pid: String(state.owner ?? state.pid), dir } } },
        );
      await delay(200);
      continue;
    }
    // No pressbridge runs this folder's Redis, yet one answers on the socket: used as configured.
    if (await redisAnswers(o.url)) return undefined;
    if (state) rmSync(statePath, { force: true });
    if (!claim(statePath)) continue;
    let server: RedisServer;
    try {
      server = await startRedisServer({ dir, listen: await listenFor(o.url), command: o.command });
    } catch (error) {
      rmSync(statePath, { force: true });
      throw error;
    }
    writeState(statePath, { owner: process.pid, pid: server.pid, url: server.url });
    log.info(
      { url: server.url, dir },
      isOwnRedis(o)
        ? "started pressbridge's own Redis (AOF on) for this data folder"
        : `Redis at ${o.url} does not answer: started an embedded redis-server (AOF on) for this data folder`,
    );
    return supervise(server, { ...o, dir, statePath, logFile });
  }
}

/** Our server, started again when it dies (after 1 s, doubling up to a minute while it keeps dying), until `stop`. */
function supervise(
  first: RedisServer,
  o: EmbeddedOptions & { dir: string; statePath: string; logFile: string },
): EmbeddedRedis {
  const { log, statePath, logFile } = o;
  let current = first;
  let startedAt = Date.now();
  let stopping = false;
  let restarting: Promise<void> | undefined;
  let pause = 1_000;
  const halt = new AbortController();
  const restart = async (code: number | null): Promise<void> => {
    log.error(
      { url: current.url, status: code, logFile },
      "pressbridge's own Redis stopped by itself: it is started again (its log: logFile)",
    );
    // Others on this folder wait for it instead of starting a second server on the same files.
    writeState(statePath, { owner: process.pid });
    // A server that ran a minute is started again after 1 s; one that keeps dying, after twice the last pause.
    if (Date.now() - startedAt > 60_000) pause = 1_000;
    while (!stopping) {
      await delay(pause, undefined, { ref: false, signal: halt.signal }).catch(() => undefined);
      if (stopping) break;
      try {
        const next = await startRedisServer({
          dir: o.dir,
          listen: listenOf(current.url),
          command: o.command,
        });
        current = next;
        startedAt = Date.now();
        pause = Math.min(pause * 2, 60_000);
        writeState(statePath, { owner: process.pid, pid: next.pid, url: next.url });
        log.info({ url: next.url }, "pressbridge's own Redis started again");
        watch();
        return;
      } catch (error) {
        log.error({ err: errorMessage(error), logFile }, "pressbridge's own Redis did not start again");
        pause = Math.min(pause * 2, 60_000);
      }
    }
  };
  const watch = (): void => {
    void current.exited.then((code) => {
      if (!stopping) restarting = restart(code);
    });
  };
  watch();
  let stopped: Promise<void> | undefined;
  return {
    url: current.url,
    owned: true,
    logFile,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        halt.abort();
        await restarting;
        await current.stop();
        rmSync(statePath, { force: true });
        log.info({ url: current.url }, 'embedded redis-server stopped');
      })();
      return stopped;
    },
  };
}
