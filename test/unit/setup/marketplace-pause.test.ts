import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalLimiter, MAX_SETUP_PAUSE_MS } from '../../../src/setup/marketplace.js';

describe('src/setup/marketplace: the setup limiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits at most MAX_SETUP_PAUSE_MS however long a pause a 429 asked for', async () => {
    vi.useFakeTimers();
    const limiter = createLocalLimiter();
    await limiter.penalize(86_400_000);
    let acquired = false;
    const slot = limiter.acquire('high').then(() => {
      acquired = true;
    });
    await vi.advanceTimersByTimeAsync(MAX_SETUP_PAUSE_MS - 1);
    expect(acquired).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await slot;
    expect(acquired).toBe(true);
  });
});
