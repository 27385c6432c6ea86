import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { TrustProxySetting } from '../../../src/status/settings.js';

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
