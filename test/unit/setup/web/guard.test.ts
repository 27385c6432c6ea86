/**
 * The setup token's guess limit (src/setup/web/guard.ts): per client, so a stranger's wrong tokens do
 * not lock the owner out of a setup page reachable beyond loopback; the blocked client's tries are not compared.
 */
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createSetupGuard } from '../../../../src/setup/web/guard.js';
import { createGuessLimiter } from '../../../../src/status/guess-limit.js';
import { fixedClock } from '../../../helpers/clock.js';

const TOKEN = 'the-right-token-1234';

function from(address: string): Request {
  return { socket: { remoteAddress: address }, headers: {}, secure: false } as unknown as Request;
}
function response(): Response & { cookies: string[] } {
  const cookies: string[] = [];
  return { cookies, append: (_name: string, value: string) => cookies.push(value) } as unknown as Response & {
    cookies: string[];
  };
}

describe('src/setup/web/guard: wrong setup tokens', () => {
  it("a stranger's wrong tokens block the stranger, not the owner; the block lifts with the window", () => {
    let now = new Date('2026-11-25T20:00:00Z');
    const clock = fixedClock(() => now);
    const guesses = createGuessLimiter({ maxFailures: 10, windowMs: 600_000, globalMaxFailures: 100, clock });
    const guard = createSetupGuard(TOKEN, { guesses });
    const stranger = from('203.0.113.7');
    for (let i = 0; i < 10; i += 1) expect(guard.grant(stranger, response(), `guess-${i}`)).toBe(false);
    // Blocked: even the right token is not compared for that address now.
    const refused = response();
    expect(guard.grant(stranger, refused, TOKEN)).toBe(false);
    expect(refused.cookies).toEqual([]);
    // The owner, from another address, gets in.
    const owner = response();
    expect(guard.grant(from('198.51.100.20'), owner, TOKEN)).toBe(true);
    expect(owner.cookies.join()).toContain('pb_setup=');
    // Ten minutes later the stranger's address may try again.
    now = new Date(now.getTime() + 600_001);
    expect(guard.grant(stranger, response(), TOKEN)).toBe(true);
  });
});
