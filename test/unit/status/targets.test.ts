import { describe, expect, it } from 'vitest';
import type { ReachabilityResult } from '../../../src/publisher/types.js';
import { createTargetsProbe, type TargetSource } from '../../../src/status/targets.js';
import { fixedClock } from '../../helpers/clock.js';

function source(checks: Array<(signal?: AbortSignal) => Promise<ReachabilityResult>>) {
  const calls: number[] = [];
  const publishers: TargetSource = {
    all: () =>
      checks.map((check, i) => ({
        blog: i === 0 ? { id: 101, name: 'Zahrada a dům' } : { id: 200 + i },
        publisher: {
          kind: 'wordpress',
          target: `https://blog-${i}.cz`,
          checkReachable: async (signal?: AbortSignal) => {
            calls.push(i);
            return await check(signal);
          },
        },
      })),
  };
  return { publishers, calls };
}

describe('src/status/targets', () => {
  it('checks every blog and reports failures and exceptions as not reachable', async () => {
    const { publishers } = source([
      async () => ({ ok: true, detail: 'WordPress 6.5' }),
      async () => ({ ok: false, detail: 'connection refused' }),
      async () => {
        throw new Error('GitHub answered 401');
      },
    ]);
    const probe = createTargetsProbe(publishers, { clock: fixedClock('2026-05-01T10:00:00Z') });

    expect(await probe()).toEqual([
      {
        blogId: 101,
        name: 'Zahrada a dům',
        kind: 'wordpress',
        target: 'https://blog-0.cz',
        ok: true,
        detail: 'WordPress 6.5',
        checkedAt: '2026-05-01T10:00:00.000Z',
      },
      expect.objectContaining({ blogId: 201, name: '201', ok: false, detail: 'connection refused' }),
      expect.objectContaining({ blogId: 202, ok: false, detail: 'GitHub answered 401' }),
    ]);
  });

  it('reuses a round of checks within the TTL, shares one round between concurrent calls, then checks again', async () => {
    let now = 0;
    const { publishers, calls } = source([async () => ({ ok: true, detail: 'fine' })]);
    const probe = createTargetsProbe(publishers, { ttlMs: 30_000, clock: fixedClock(() => new Date(now)) });

    await Promise.all([probe(), probe(), probe()]);
    now = 29_999;
    await probe();
    expect(calls).toEqual([0]);

    now = 30_000;
    await probe();
    expect(calls).toEqual([0, 0]);
  });

  it('gives up on a target that does not answer, whether or not it heeds the abort signal', async () => {
    const { publishers } = source([
      (signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener('abort', () => reject(new Error('aborted by the probe')));
        }),
      () => new Promise(() => {}),
    ]);
    const probe = createTargetsProbe(publishers, { timeoutMs: 50 });

    const [heeds, ignores] = await probe();

    expect(heeds).toMatchObject({ ok: false, detail: 'aborted by the probe' });
    expect(ignores).toMatchObject({ ok: false, detail: 'https://blog-1.cz did not answer within 550 ms' });
  });
});
