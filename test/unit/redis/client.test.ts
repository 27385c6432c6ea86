import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.js';
import { parseRedisUrl } from '../../../src/redis/client.js';

describe('src/redis/client', () => {
  it.each([
    ['redis://127.0.0.1:6379', { host: '127.0.0.1', port: 6379 }],
    ['redis://redis', { host: 'redis', port: 6379 }],
    [
      'redis://user:p%40ss@host:6380/2',
      { host: 'host', port: 6380, username: 'user', password: 'p@ss', db: 2 },
    ],
    ['redis://:secret@host', { host: 'host', port: 6379, password: 'secret' }],
    ['rediss://host:6380', { host: 'host', port: 6380, tls: {} }],
    ['redis://[::1]:6379', { host: '::1', port: 6379 }],
    ['unix:///run/redis.sock', { path: '/run/redis.sock' }],
  ])('%s', (url, expected) => {
    expect(parseRedisUrl(url)).toEqual(expected);
  });

  it.each(['http://host', 'not a url', 'redis://host/x'])('rejects %s as a config error', (url) => {
    expect(() => parseRedisUrl(url)).toThrow(ConfigError);
  });
});
