/**
 * `Idempotency-Key` on writes, as the document promises: a repeat with the same key does not execute again and
 * returns the stored first answer (with `Idempotency-Replayed: true`); rejected (4xx) operations are not
 * stored, so a corrected call may reuse the key; a concurrent repeat waits for the first and never executes the
 * action twice. Keys are scoped per API key (and per method and path: reusing a key on another operation runs
 * that operation, it does not replay an unrelated answer).
 */
import { type Clock, systemClock } from '../clock.js';
import { LIMITS } from './api-document.js';
import type { ApiResult } from './api-error.js';

export interface IdempotencyStore {
  run(scope: string, execute: () => Promise<ApiResult>): Promise<{ result: ApiResult; replayed: boolean }>;
}

const TTL_MS = LIMITS.idempotencyKeyDays * 24 * 60 * 60 * 1000;

export function isValidIdempotencyKey(key: string): boolean {
  return key.length >= LIMITS.idempotencyKeyMinLength && key.length <= LIMITS.idempotencyKeyMaxLength;
}

export function createIdempotencyStore(clock: Clock = systemClock): IdempotencyStore {
  const stored = new Map<string, { result: ApiResult; at: number }>();
  const pending = new Map<string, Promise<void>>();

  return {
    async run(scope, execute) {
      for (;;) {
        const hit = stored.get(scope);
        if (hit && clock.now().getTime() - hit.at < TTL_MS) return { result: hit.result, replayed: true };
        const running = pending.get(scope);
        if (running) {
          await running;
          continue;
        }
        // Check-and-claim with no await in between: the next concurrent request sees `pending`.
        const execution = execute();
        pending.set(
          scope,
          execution.then(
            () => undefined,
            () => undefined,
          ),
        );
        try {
          const result = await execution;
          // 4xx are not stored (document); neither are 5xx, which the sandbox only answers when nothing ran.
          if (result.status < 400) stored.set(scope, { result, at: clock.now().getTime() });
          return { result, replayed: false };
        } finally {
          pending.delete(scope);
        }
      }
    },
  };
}
