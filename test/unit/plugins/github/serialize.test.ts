import { describe, expect, it } from 'vitest';
import { createPacers, repositoryKey, tokenKey } from '../../../../plugins/github/serialize.js';
import { createKeyedLock } from '../../../../src/publisher/kit/index.js';
import { fakeClock } from './helpers.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('plugins/github/serialize', () => {
  it('runs the holders of one key one after the other, other keys alongside', async () => {
    // Arrange
    const lock = createKeyedLock();
    const events: string[] = [];
    const gate: Array<() => void> = [];
    const work = (name: string) => async () => {
      events.push(`${name} start`);
      await new Promise<void>((resolve) => gate.push(resolve));
      events.push(`${name} end`);
      return name;
    };

    // Act
    const a = lock.run('repo', work('a'));
    const b = lock.run('repo', work('b'));
    const c = lock.run('other', work('c'));
    await tick();
    const sizeWhileBusy = lock.size('repo');
    gate.shift()?.(); // a
    gate.shift()?.(); // c
    await tick();
    gate.shift()?.(); // b
    const results = await Promise.all([a, b, c]);

    // Assert
    expect(results).toEqual(['a', 'b', 'c']);
    expect(sizeWhileBusy).toBe(2);
    expect(events).toEqual(['a start', 'c start', 'a end', 'c end', 'b start', 'b end']);
    expect(lock.size('repo')).toBe(0);
  });

  it('lets a waiter give up on abort without breaking the order of the others', async () => {
    // Arrange
    const lock = createKeyedLock();
    let release!: () => void;
    const first = lock.run(
      'repo',
      () => new Promise<string>((resolve) => (release = () => resolve('first'))),
    );
    const controller = new AbortController();
    const second = lock.run('repo', async () => 'second', controller.signal);
    const third = lock.run('repo', async () => 'third');

    // Act
    controller.abort(new Error('shutdown'));
    const secondError = await second.catch((e: unknown) => e);
    await tick();
    const thirdBefore = await Promise.race([third, Promise.resolve('still waiting')]);
    release();

    // Assert
    expect(secondError).toEqual(new Error('shutdown'));
    expect(thirdBefore).toBe('still waiting');
    expect(await first).toBe('first');
    expect(await third).toBe('third');
  });

  it('releases the key when the work fails', async () => {
    const lock = createKeyedLock();
    await expect(lock.run('repo', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lock.run('repo', async () => 'next')).toBe('next');
  });

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
