/**
 * One writer per repository, and a pause between writes per token, inside this process.
 *
 * Why a lock: two deals committing to the same branch at once would race for its head; one of them would be
 * refused (not a fast-forward) and redo its tree and commit. Taking turns costs nothing (a deal's commit takes
 * seconds) and also makes the "is the article there already?" lookup and the commit one step, so a retry of a
 * deal can never slip between another attempt's lookup and commit in the same process. Other processes (a
 * second worker) are covered by the ref update itself: it never forces, and a refused update is redone on the
 * new head.
 *
 * Why a pause: GitHub's secondary rate limits punish bursts of writes ("wait at least one second between
 * requests that create content"); the blobs, tree, commit and ref of one deal are such a burst.
 */
import { createHash } from 'node:crypto';
import { createKeyedLock, type KeyedLock } from '../../src/publisher/kit/index.js';
import type { Clock } from '../../src/publisher/types.js';

/** Spaces calls out: each `turn()` resolves at least `intervalMs` after the previous one did. */
export interface Pacer {
  turn(intervalMs: number, clock: Clock, signal?: AbortSignal): Promise<void>;
}

export function createPacers(): (key: string) => Pacer {
  const pacers = new Map<string, Pacer>();
  return (key) => {
    let pacer = pacers.get(key);
    if (!pacer) {
      let next = 0;
      let chain: Promise<void> = Promise.resolve();
      pacer = {
        turn(intervalMs, clock, signal) {
          const mine = chain.then(async () => {
            const wait = Math.min(next - clock.now().getTime(), intervalMs);
            if (wait > 0) await clock.sleep(wait, signal);
            next = clock.now().getTime() + intervalMs;
          });
          chain = mine.catch(() => {});
          return mine;
        },
      };
      pacers.set(key, pacer);
    }
    return pacer;
  };
}

/** The process-wide lock of repositories (keyed by API root and `owner/name`). */
export const repositoryLock: KeyedLock = createKeyedLock();

/** The process-wide write pacers (keyed by API root and a hash of the token: writes are limited per user). */
export const writePacers: (key: string) => Pacer = createPacers();

export function repositoryKey(apiBaseUrl: string, owner: string, name: string): string {
  return `${apiBaseUrl}#${owner}/${name}`.toLowerCase();
}

/** A key for the token that is not the token (the map outlives any one publisher). */
export function tokenKey(apiBaseUrl: string, token: string): string {
  return `${apiBaseUrl}#${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
}
