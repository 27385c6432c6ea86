/** `notify:` in the config: defaults, secret references ({ env }, { file }), clear errors, masked secrets. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { configSecrets } from '../../../src/daemon/secrets.js';
import { ConfigError } from '../../../src/errors.js';

const minimal = { marketplace: { baseUrl: 'https://api.example.cz', apiKey: 'key-123' } };

function issuesOf(fn: () => unknown): Array<{ path: string; message: string }> {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map(({ path, message }) => ({ path, message }));
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('notify settings', () => {
  it('no channels by default', () => {
    const config = parseConfig(minimal, {});
    expect(config.notify.channels).toEqual([]);
    expect(config.notify.quietHours).toBeUndefined();
  });

  it('reads every channel type with its defaults; secrets may be { env } or { file } references', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-notify-'));
    writeFileSync(join(dir, 'bot'), '111:BOT-token-from-file\n');
    const config = parseConfig(
      {
        ...minimal,
        notify: {
          quietHours: { from: '22:00', to: '07:00' },
          channels: [
            {
              name: 'mail',
              type: 'smtp',
              host: 'smtp.seznam.cz',
              user: 'jana',
              password: { env: 'SMTP_PASSWORD' },
              from: 'jana@seznam.cz',
              to: 'jana@seznam.cz',
            },
            { name: 'phone', type: 'ntfy', topic: 'jana-blog', token: { env: 'NTFY_TOKEN' } },
            { name: 'tg', type: 'telegram', botToken: { file: join(dir, 'bot') }, chatId: 42, blogs: [101] },
            {
              name: 'slack',
              type: 'webhook',
              url: { env: 'SLACK_URL' },
              topics: ['claim'],
              maxPerHour: 5,
              headers: { Authorization: 'Bearer hdr-secret-1' },
            },
          ],
        },
      },
      {
        SMTP_PASSWORD: 'smtp-secret-1',
        NTFY_TOKEN: 'tk_ntfy-secret',
        SLACK_URL: 'https://hooks.slack.com/services/T1/B2/slack-secret',
      },
    );
    const [mail, phone, tg, slack] = config.notify.channels;
    expect(mail).toMatchObject({
      type: 'smtp',
      secure: false,
      password: 'smtp-secret-1',
      maxPerHour: 20,
      maxOutsidePerHour: 20,
    });
    expect(phone).toMatchObject({ type: 'ntfy', server: 'https://ntfy.sh', token: 'tk_ntfy-secret' });
    expect(tg).toMatchObject({
      type: 'telegram',
      botToken: '111:BOT-token-from-file',
      apiBaseUrl: 'https://api.telegram.org',
      blogs: [101],
    });
    expect(slack).toMatchObject({ type: 'webhook', format: 'generic', maxPerHour: 5, topics: ['claim'] });
    // No zone of their own: quiet hours are read in ui.timeZone (the dispatcher is given it).
    expect(config.notify.quietHours).toEqual({ from: '22:00', to: '07:00' });
    expect(config.notify.events).toBeDefined();

    const secrets = configSecrets(config);
    for (const value of [
      'smtp-secret-1',
      'tk_ntfy-secret',
      '111:BOT-token-from-file',
      'https://hooks.slack.com/services/T1/B2/slack-secret',
      'Bearer hdr-secret-1',
    ]) {
      expect(secrets).toContain(value);
    }
  });

  it.each([
    [{ channels: [{ name: 'x', type: 'pager' }] }, 'notify.channels[0].type'],
    [{ channels: [{ name: 'x', type: 'ntfy' }] }, 'notify.channels[0].topic'],
    [{ channels: [{ name: 'x', type: 'telegram', chatId: 1 }] }, 'notify.channels[0].botToken'],
    [{ channels: [{ name: 'x', type: 'webhook', url: 'ftp://x' }] }, 'notify.channels[0].url'],
    [{ channels: [{ name: 'a b', type: 'webhook', url: 'https://x.cz' }] }, 'notify.channels[0].name'],
    [
      { channels: [{ name: 'x', type: 'webhook', url: 'https://x.cz', maxPerHour: 0 }] },
      'notify.channels[0].maxPerHour',
    ],
    [
      { channels: [{ name: 'x', type: 'webhook', url: 'https://x.cz', maxOutsidePerHour: 0 }] },
      'notify.channels[0].maxOutsidePerHour',
    ],
    [
      { channels: [{ name: 'x', type: 'webhook', url: 'https://x.cz', format: 'teams' }] },
      'notify.channels[0].format',
    ],
    // A header fetch would refuse fails every delivery: refused at start-up instead.
    [
      { channels: [{ name: 'x', type: 'webhook', url: 'https://x.cz', headers: { 'X-A': 'a\r\nX-B: b' } }] },
      'notify.channels[0].headers.X-A',
    ],
    [
      { channels: [{ name: 'x', type: 'webhook', url: 'https://x.cz', headers: { 'X-A': 'Žluť 🙂' } }] },
      'notify.channels[0].headers.X-A',
    ],
    [
      { channels: [{ name: 'x', type: 'webhook', url: 'https://x.cz', headers: { 'X A': 'b' } }] },
      'notify.channels[0].headers.X A',
    ],
    [{ channels: [{ name: 'x', type: 'ntfy', topic: 't', token: 'tk ščř' }] }, 'notify.channels[0].token'],
    [
      { channels: [{ name: 'x', type: 'webhook', url: 'https://x.cz', topics: ['nonsense'] }] },
      'notify.channels[0].topics[0]',
    ],
    [
      {
        channels: [
          { name: 'x', type: 'webhook', url: 'https://x.cz' },
          { name: 'x', type: 'webhook', url: 'https://y.cz' },
        ],
      },
      'notify.channels',
    ],
    [{ quietHours: { from: '22', to: '07:00' } }, 'notify.quietHours.from'],
    [{ quietHours: { from: '22:00', to: '07:00', timeZone: 'Mars/Olympus' } }, 'notify.quietHours.timeZone'],
    [{ chanels: [] }, 'notify'],
  ])('refuses %j at %s', (notify, path) => {
    const issues = issuesOf(() => parseConfig({ ...minimal, notify }, {}));
    expect(issues.map((i) => i.path)).toContain(path);
  });

  it('an unset environment variable for a channel secret is named', () => {
    const issues = issuesOf(() =>
      parseConfig(
        {
          ...minimal,
          notify: { channels: [{ name: 'tg', type: 'telegram', botToken: { env: 'TG_TOKEN' }, chatId: 1 }] },
        },
        {},
      ),
    );
    expect(issues).toContainEqual({
      path: 'notify.channels[0].botToken',
      message: 'environment variable TG_TOKEN is not set',
    });
  });
});
