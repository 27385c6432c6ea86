import { describe, expect, it } from 'vitest';
import { createPacers, repositoryKey, tokenKey } from '../../../../plugins/github/serialize.js';
import { fakeClock } from './helpers.js';

describe('plugins/github/serialize', () => {
  it('paces turns per key', async () => {
    const pacers = createPacers();
    const clock = fakeClock();
    await pacers('token-a').turn(1000, clock);
    await pacers('token-a').turn(1000, clock);
    await pacers('token-b').turn(1000, clock);
    await pacers('token-a').turn(1000, clock);
    // a: free, then a second later, b: free, a: a second after its last turn.
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('keys repositories case-insensitively and never keys by the token itself', () => {
    expect(repositoryKey('https://api.github.com', 'Jana', 'Blog')).toBe(
      repositoryKey('https://api.github.com', 'jana', 'blog'),
    );
    const key = tokenKey('https://api.github.com', 'github_pat_secret');
    expect(key).not.toContain('github_pat_secret');
    expect(key).toBe(tokenKey('https://api.github.com', 'github_pat_secret'));
  });
});
