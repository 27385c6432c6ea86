import { describe, expect, it } from 'vitest';
import { shownUrl } from '../../src/redact.js';

describe('src/redact', () => {
  it.each([
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['redis://:pw@host:6380', 'redis://***@host:6380'],
    ['rediss://user:p%40ss@host/1', 'rediss://***@host/1'],
    ['redis://token-as-user@host', 'redis://***@host'],
    ['unix:///run/redis.sock', 'unix:///run/redis.sock'],
    ['https://blog.example/a@b', 'https://blog.example/a@b'],
  ])('shownUrl shows %s as %s', (url, shown) => {
    expect(shownUrl(url)).toBe(shown);
  });
});
