import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../src/sandbox/api-error.js';
import { createIdempotencyStore, isValidIdempotencyKey } from '../../../src/sandbox/idempotency.js';

describe('src/sandbox/idempotency', () => {
  it('replays the stored first answer without executing again', async () => {
    const store = createIdempotencyStore();
    let runs = 0;
    const execute = async (): Promise<ApiResult> => ({ status: 200, json: { run: ++runs } });

    const first = await store.run('k', execute);
    const second = await store.run('k', execute);

    expect(first).toEqual({ result: { status: 200, json: { run: 1 } }, replayed: false });
    expect(second).toEqual({ result: { status: 200, json: { run: 1 } }, replayed: true });
    expect(runs).toBe(1);
  });

  it('does not store 4xx answers, so a corrected repeat executes', async () => {
    const store = createIdempotencyStore();
    const answers: ApiResult[] = [
      { status: 400, json: { error: 'x' } },
      { status: 200, json: { ok: true } },
    ];
    let runs = 0;
    const execute = async (): Promise<ApiResult> => answers[runs++] ?? { status: 500, json: null };

    const rejected = await store.run('k', execute);
    const fixed = await store.run('k', execute);

    expect(rejected.result.status).toBe(400);
    expect(fixed).toEqual({ result: { status: 200, json: { ok: true } }, replayed: false });
  });

  it('never executes concurrent repeats twice', async () => {
    const store = createIdempotencyStore();
    let runs = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const execute = async (): Promise<ApiResult> => {
      runs += 1;
      await gate;
      return { status: 200, json: { runs } };
    };

    const both = Promise.all([store.run('k', execute), store.run('k', execute), store.run('k', execute)]);
    release();
    const results = await both;

    expect(runs).toBe(1);
    expect(results.map((r) => r.replayed)).toEqual([false, true, true]);
  });

  it.each([
    ['1234567', false],
    ['12345678', true],
    ['x'.repeat(100), true],
    ['x'.repeat(101), false],
  ])('key %j valid: %s', (key, valid) => {
    expect(isValidIdempotencyKey(key)).toBe(valid);
  });
});
