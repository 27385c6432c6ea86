import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { statusHostNames, TrustProxySetting } from '../../../src/status/settings.js';

describe('src/status/settings (status.trustProxy)', () => {
  it.each([
    [undefined, false],
    [false, false],
    [1, 1],
    [2, 2],
    [['172.18.0.1'], ['172.18.0.1']],
    ['172.18.0.1, ::1', ['172.18.0.1', '::1']],
    [
      ['10.0.0.0/8', 'fd00::/8', '10.0.0.0/255.0.0.0'],
      ['10.0.0.0/8', 'fd00::/8', '10.0.0.0/255.0.0.0'],
    ],
    [
      ['loopback', 'uniquelocal'],
      ['loopback', 'uniquelocal'],
    ],
  ])('%j reads as %j', (input, expected) => {
    expect(TrustProxySetting.parse(input)).toEqual(expected);
  });

  it.each([
    [true, /true would believe X-Forwarded-For from any client/],
    [0, /hop count is a whole number from 1 to 10/],
    [1.5, /hop count/],
    [11, /hop count/],
    [[], /1 to 50 proxy addresses/],
    [['172.18.0.300'], /not an IP address.*172\.18\.0\.300/],
    [['10.0.0.0/33'], /not an IP address.*10\.0\.0\.0\/33/],
    [['proxy.example'], /not an IP address.*proxy\.example/],
    [{ host: 'x' }, /must be false, a list of the reverse proxy addresses/],
  ])('%j is refused with a clear message', (input, message) => {
    const result = TrustProxySetting.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join('; ')).toMatch(message);
  });

  it('is off by default and says where the mistake is in the config', () => {
    const marketplace = { baseUrl: 'https://api.example.cz', apiKey: 'key-123' };
    expect(parseConfig({ marketplace }, {}).status.trustProxy).toBe(false);
    expect(
      parseConfig({ marketplace, status: { trustProxy: ['172.18.0.1'] } }, {}).status.trustProxy,
    ).toEqual(['172.18.0.1']);
    expect(() => parseConfig({ marketplace, status: { trustProxy: true } }, {})).toThrow(
      /status\.trustProxy: true would believe/,
    );
  });
});

describe('src/status/settings (status.publicUrl)', () => {
  const marketplace = { baseUrl: 'https://api.example.cz', apiKey: 'key-123' };

  it.each([
    ['https://status.blog.example.cz', 'https://status.blog.example.cz/'],
    ['https://Status.Blog.Example.CZ/', 'https://status.blog.example.cz/'],
    [' https://status.example.cz:8443/ ', 'https://status.example.cz:8443/'],
    ['http://nas.local:8081/', 'http://nas.local:8081/'],
  ])('%j reads as %j', (input, expected) => {
    const config = parseConfig({ marketplace, status: { password: 'pw-long-1', publicUrl: input } }, {});
    expect(config.status.publicUrl).toBe(expected);
  });

  it.each([
    ['status.example.cz', /not a URL/],
    ['ftp://status.example.cz/', /must start with https:\/\//],
    ['https://jana:heslo@status.example.cz/', /must not hold a user name or password/],
    ['https://status.example.cz/?x=1', /must not hold a query/],
    ['https://blog.example.cz/status/', /a host name of its own, without a path/],
  ])('%j is refused with a clear message', (input, message) => {
    expect(() =>
      parseConfig({ marketplace, status: { password: 'pw-long-1', publicUrl: input } }, {}),
    ).toThrow(message);
  });

  it('needs the password: without one every visit through a proxy would be refused', () => {
    expect(() =>
      parseConfig({ marketplace, status: { publicUrl: 'https://status.example.cz/' } }, {}),
    ).toThrow(
      /status\.publicUrl: the page at https:\/\/status\.example\.cz\/ would refuse every visit without a password/,
    );
    // The environment's password counts as the file's does.
    const config = parseConfig(
      { marketplace, status: { publicUrl: 'https://status.example.cz/' } },
      { PRESSBRIDGE_STATUS_PASSWORD: 'from-the-env-1' },
    );
    expect(config.status.publicUrl).toBe('https://status.example.cz/');
  });

  it('adds its host to the names the page answers to, once', () => {
    const config = parseConfig(
      {
        marketplace,
        status: { password: 'pw-long-1', hosts: ['nas.local'], publicUrl: 'https://Status.Example.cz:8443/' },
      },
      {},
    );
    expect(statusHostNames(config.status)).toEqual(['nas.local', 'status.example.cz']);
    expect(
      statusHostNames({ hosts: ['status.example.cz'], publicUrl: 'https://status.example.cz/' }),
    ).toEqual(['status.example.cz']);
    expect(statusHostNames(parseConfig({ marketplace }, {}).status)).toEqual([]);
  });
});
