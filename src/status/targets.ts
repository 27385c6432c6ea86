import { type Clock, systemClock } from '../clock.js';
import { errorSaid } from '../errors.js';
import { createTranslator, DEFAULT_LANGUAGE, type Language } from '../i18n/index.js';
import type { Publisher } from '../publisher/types.js';
import { withTimeout } from '../timeout.js';
import type { TargetStatus } from './types.js';

export interface TargetsProbeOptions {
  /** How long one round of checks is reused (default 30 s): reloading the page must not hammer the blogs. */
  ttlMs?: number;
  /** Longest wait for one target (default 5 s); a target that does not answer in time is shown as down. */
  timeoutMs?: number;
  clock?: Clock;
  /** The language the plugins' lines are said in: the daemon's (`ui.language`; default Czech). */
  language?: Language;
}

/** What the probe needs of `Publishers` (src/publisher/registry.ts), which fits it as it is. */
export interface TargetSource {
  all(): Array<{
    blog: { id: number; name?: string | undefined };
    publisher: Pick<Publisher, 'kind' | 'target' | 'checkReachable'>;
  }>;
}

/**
 * `StatusDeps.targets` from the configured publishers: every blog's `checkReachable()`, run in parallel, cached
 * for `ttlMs`; concurrent page loads share one round of checks.
 */
export function createTargetsProbe(
  publishers: TargetSource,
  options: TargetsProbeOptions = {},
): () => Promise<TargetStatus[]> {
  const ttlMs = options.ttlMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const clock = options.clock ?? systemClock;
  const { say } = createTranslator(options.language ?? DEFAULT_LANGUAGE);
  let cached: { at: number; value: TargetStatus[] } | undefined;
  let running: Promise<TargetStatus[]> | undefined;

  async function checkAll(): Promise<TargetStatus[]> {
    const checkedAt = clock.now().toISOString();
    return await Promise.all(
      publishers.all().map(async ({ blog, publisher }): Promise<TargetStatus> => {
        const base = {
          blogId: blog.id,
          name: blog.name ?? String(blog.id),
          kind: publisher.kind,
          target: publisher.target,
          checkedAt,
        };
        try {
          // The signal asks the plugin to stop; the race covers a plugin that ignores it.
          const result = await withTimeout(
            publisher.checkReachable(AbortSignal.timeout(timeoutMs)),
            timeoutMs + 500,
            publisher.target,
          );
          return { ...base, ok: result.ok, detail: say(result.detail) };
        } catch (error) {
          return { ...base, ok: false, detail: say(errorSaid(error)) };
        }
      }),
    );
  }

  return async () => {
    if (cached && clock.now().getTime() - cached.at < ttlMs) return cached.value;
    running ??= checkAll()
      .then((value) => {
        cached = { at: clock.now().getTime(), value };
        return value;
      })
      .finally(() => {
        running = undefined;
      });
    return await running;
  };
}
