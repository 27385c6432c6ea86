import { describe, expect, it } from 'vitest';
import {
  allowedHostSet,
  canonicalHost,
  hostScope,
  isAllowedHost,
  isLoopbackHost,
} from '../../../src/status/hosts.js';
import { StatusHostsSetting } from '../../../src/status/settings.js';

describe('src/status/hosts', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['status.localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    // What the WHATWG URL parser (a browser) reads as 127.0.0.1 or ::1.
    ['127.1', true],
    ['0x7f.1', true],
    ['2130706433', true],
    ['0177.0.0.1', true],
    ['[0:0:0:0:0:0:0:1]', true],
    ['LOCALHOST.', true],
    ['127.0.0.1.', true],
    ['0.0.0.0', false],
    ['::', false],
    ['', false],
    ['192.168.1.10', false],
    ['blog.example.cz', false],
    ['127.0.0.1.nip.io', false],
    ['localhost.example.cz', false],
    ['evil@127.0.0.1', false],
    ['127.0.0.1/x', false],
  ])('isLoopbackHost(%j) → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it.each([
    ['127.0.0.1:8081', '127.0.0.1'],
    ['127.1:8081', '127.0.0.1'],
    ['LOCALHOST', 'localhost'],
    ['[::1]:8081', '::1'],
    ['evil.example:80', 'evil.example'],
    ['Status.Example.CZ.', 'status.example.cz'],
    [undefined, undefined],
    ['bad host:x', undefined],
    ['evil.example@127.0.0.1', undefined],
    ['127.0.0.1:8081/x', undefined],
    ['a:b:c', undefined],
  ])('canonicalHost(%j) → %j', (header, expected) => {
    expect(canonicalHost(header)).toBe(expected);
  });

  it('allows loopback names and the configured ones only, in their canonical spelling', () => {
    const allowed = allowedHostSet(['Status.Blog.CZ']);
    expect(isAllowedHost('status.blog.cz:8081', allowed)).toBe(true);
    expect(isAllowedHost('STATUS.BLOG.CZ.', allowed)).toBe(true);
    expect(isAllowedHost('127.1:8081', allowed)).toBe(true);
    expect(isAllowedHost('evil.example', allowed)).toBe(false);
    expect(isAllowedHost('status.blog.cz.evil.example', allowed)).toBe(false);
    expect(isAllowedHost(undefined, allowed)).toBe(false);
  });

  it('puts every loopback spelling in one guess bucket, a configured name in its own, the rest in "other"', () => {
    const allowed = allowedHostSet(['status.blog.cz']);
    expect(
      new Set(['127.0.0.1', '127.0.0.9:1', '[::1]', 'localhost'].map((h) => hostScope(h, allowed))),
    ).toEqual(new Set(['loopback']));
    expect(hostScope('status.blog.cz', allowed)).toBe('name:status.blog.cz');
    expect(new Set(['a.example', 'b.example', undefined].map((h) => hostScope(h, allowed)))).toEqual(
      new Set(['other']),
    );
  });

  it('reads status.hosts as a list or a comma-separated string, and names a bad entry', () => {
    expect(StatusHostsSetting.parse('Status.Blog.CZ, nas.local ,')).toEqual(['status.blog.cz', 'nas.local']);
    expect(StatusHostsSetting.parse(undefined)).toEqual([]);
    const bad = StatusHostsSetting.safeParse(['ok.example', 'evil@x', '*.example']);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/not a host name: evil@x, \*\.example/);
  });
});
