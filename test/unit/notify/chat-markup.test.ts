/**
 * Issue 19: what the advertiser writes reaches Slack, Mattermost, Discord and Telegram as inert text. A hostile
 * message goes through the dispatcher to real HTTP receivers, one per webhook format; each body is read the way
 * its chat would read it (links, labels, mentions) and must hold no live markup from outside, while our own link
 * stays clickable and the structured fields stay as they were.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMarkup } from '../../../src/notify/channels/chat-text.js';
import { startHttpReceiver } from '../../helpers/notify-receivers.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { message, testDispatcher } from './fixtures.js';

const ZW = '\u200b';
const OUR_LINK = 'http://127.0.0.1:8081/deals/4711';

/** An advertiser's message as the notifier renders it: hostile title line, hostile first line, our link. */
const hostile = message({
  topic: 'message',
  kind: 'event',
  key: 'message:4711:2026-11-23 14:05:00',
  title: 'Zpráva k obchodu 4711: <!channel> @everyone',
  body: [
    'Inzerent píše: @here <@U123> podívejte se na <https://evil.test/login|http://127.0.0.1:8081/earnings>',
    'nebo [http://127.0.0.1:8081/earnings](https://evil.test) &lt;b&gt; @jana.novak',
    '# Důležité',
    '> citace',
  ].join('\n'),
  url: OUR_LINK,
});

/** Slack/Mattermost links as their reader sees them: `<target|label>`; a `<` that is no link is absent. */
function slackLinks(text: string): Array<{ target: string; label: string | undefined }> {
  return [...text.matchAll(/<([^<>|]*)(?:\|([^<>]*))?>/g)].map((m) => ({ target: m[1] ?? '', label: m[2] }));
}

/** Discord's masked links `[label](url)` whose brackets are not escaped. */
function maskedLinks(content: string): string[] {
  return [...content.matchAll(/(?<!\\)\[[^\]]*(?<!\\)\]\(/g)].map((m) => m[0]);
}

/** A mention a chat would expand: `@` directly followed by a name, or Slack's `<!…>` / `<@…>`. */
function liveMentions(text: string): string[] {
  return [...text.matchAll(/@[\p{L}\p{N}._-]+|<[!@#][^>]*>/gu)].map((m) => m[0]);
}

function assertSlackText(text: string): void {
  // Every `<…>` left is a bare link (no label to show one address and go to another) to an http(s) URL.
  for (const link of slackLinks(text)) {
    expect(link.label, text).toBeUndefined();
    expect(link.target).toMatch(/^https?:\/\/[\x21-\x7e]+$/);
  }
  expect(liveMentions(text)).toEqual([]);
  // Mattermost reads the same text as Markdown: no `[label](url)`, no `![](image)`.
  expect(text).not.toMatch(/\]\(/);
  expect(text).toContain('&lt;!channel&gt;');
  expect(text).toContain(`&lt;@${ZW}U123&gt;`);
  // Already-escaped input stays what it said: `&lt;b&gt;` is shown, not turned into `<b>`.
  expect(text).toContain('&amp;lt;b&amp;gt;');
  expect(text).toContain('&lt;<https://evil.test/login>|<http://127.0.0.1:8081/earnings>&gt;');
  expect(text.endsWith(`\n\n<${OUR_LINK}>`)).toBe(true);
}

function assertDiscordContent(content: string): void {
  expect(maskedLinks(content)).toEqual([]);
  // Every `<` is escaped except those of bare links to http(s) URLs (`<url>`: a link that shows its target).
  const withoutLinks = content.replace(/<https?:\/\/[\x21-\x3b\x3d\x3f-\x7e]+>/g, '');
  expect(withoutLinks).not.toMatch(/(?<!\\)[<>]/);
  expect(liveMentions(withoutLinks.replace(/\\</g, ''))).toEqual([]);
  expect(content).toContain('\\<!channel\\>');
  expect(content).toContain('\\[<http://127.0.0.1:8081/earnings>\\](<https://evil.test/>)');
  expect(content).toContain('\\# Důležité');
  expect(content).toContain('\\> citace');
  expect(content.endsWith(`\n\n<${OUR_LINK}>`)).toBe(true);
}

let redis: Redis;
const prefix = randomPrefix();

beforeAll(() => {
  redis = createTestRedis();
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('src/notify/channels/chat-text.ts: a hostile message through real receivers', () => {
  it('each webhook format gets inert text, our link clickable and the structured fields raw', async () => {
    const hooks = {
      slack: await startHttpReceiver(),
      mattermost: await startHttpReceiver(),
      discord: await startHttpReceiver(),
      generic: await startHttpReceiver(),
    };
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: Object.entries(hooks).map(([format, hook]) => ({
        name: format,
        type: 'webhook',
        url: hook.url,
        ...(format === 'generic' ? {} : { format }),
      })),
    });
    try {
      const results = await dispatcher.deliver(hostile);
      expect(Object.values(results).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
      const body = (name: keyof typeof hooks) =>
        JSON.parse(hooks[name].requests[0]?.body ?? '{}') as Record<string, unknown>;
      const raw = {
        topic: 'message',
        kind: 'event',
        title: hostile.title,
        body: hostile.body,
        url: OUR_LINK,
        dealId: 4711,
        blogId: 101,
        urgent: false,
      };

      const slack = body('slack');
      assertSlackText(String(slack.text));
      expect(slack).toMatchObject({ ...raw, unfurl_links: false, unfurl_media: false });
      expect(slack).not.toHaveProperty('content');

      const mattermost = body('mattermost');
      assertSlackText(String(mattermost.text));
      expect(mattermost).toMatchObject(raw);

      const discord = body('discord');
      assertDiscordContent(String(discord.content));
      expect(discord).toMatchObject({ ...raw, allowed_mentions: { parse: [] } });
      expect(discord).not.toHaveProperty('text');

      const generic = body('generic');
      assertSlackText(String(generic.text));
      assertDiscordContent(String(generic.content));
      expect(generic).toMatchObject({ ...raw, allowed_mentions: { parse: [] }, unfurl_links: false });
    } finally {
      await dispatcher.close();
      for (const hook of Object.values(hooks)) await hook.close();
    }
  });

  it('telegram: plain text whose @mentions notify nobody', async () => {
    const api = await startHttpReceiver((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true,"result":{}}');
    });
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [{ name: 'tg', type: 'telegram', botToken: '1:tok-en', chatId: -1, apiBaseUrl: api.url }],
    });
    try {
      expect((await dispatcher.deliver(hostile)).tg?.status).toBe('sent');
      const sent = JSON.parse(api.requests[0]?.body ?? '{}') as { text: string; parse_mode?: string };
      expect(sent.parse_mode).toBeUndefined();
      expect(sent.text.match(/@[\p{L}\p{N}._-]+/gu)).toBeNull();
      expect(sent.text).toContain(`@${ZW}jana.novak`);
      expect(sent.text.replaceAll(ZW, '')).toBe(`${hostile.title}\n\n${hostile.body}\n\n${OUR_LINK}`);
    } finally {
      await dispatcher.close();
      await api.close();
    }
  });

  it('discord: a long text is cut to 2000 characters, never the link, never after a lone backslash', async () => {
    const hook = await startHttpReceiver();
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [{ name: 'dc', type: 'webhook', url: hook.url, format: 'discord' }],
    });
    try {
      await dispatcher.deliver(message({ body: '*'.repeat(3000) }));
      const { content } = JSON.parse(hook.requests[0]?.body ?? '{}') as { content: string };
      expect(content.length).toBeLessThanOrEqual(2000);
      expect(content.endsWith(`…\n\n<${OUR_LINK}>`)).toBe(true);
      expect(content).toMatch(/(\\\*)+…/);
    } finally {
      await dispatcher.close();
      await hook.close();
    }
  });
});

describe('chatMarkup: each construct, each flavour', () => {
  it.each([
    ['<!here>', '&lt;!here&gt;', '&lt;!here&gt;', '\\<!here\\>'],
    ['@everyone', `@${ZW}everyone`, `@${ZW}everyone`, `@${ZW}everyone`],
    ['&lt;', '&amp;lt;', '&amp;lt;', '&lt;'],
    [
      '[a](https://evil.test)',
      `[a]${ZW}(<https://evil.test/>)`,
      `[a]${ZW}(<https://evil.test/>)`,
      '\\[a\\](<https://evil.test/>)',
    ],
    [
      '![x](https://evil.test/p.png)',
      `![x]${ZW}(<https://evil.test/p.png>)`,
      `![x]${ZW}(<https://evil.test/p.png>)`,
      '!\\[x\\](<https://evil.test/p.png>)',
    ],
    // A link keeps its query: `&` is Slack's entity start even inside a link; Mattermost and Discord read it raw.
    [
      'https://m.cz/d?id=5&tab=x.',
      '<https://m.cz/d?id=5&amp;tab=x>.',
      '<https://m.cz/d?id=5&tab=x>.',
      '<https://m.cz/d?id=5&tab=x>.',
    ],
    // Non-ASCII and a bidi control in a path are percent-encoded; a host in punycode shows what it is.
    [
      'https://žluť.cz/š\u202e',
      '<https://xn--lu-yta1h.cz/%C5%A1>\u202e',
      '<https://xn--lu-yta1h.cz/%C5%A1>\u202e',
      '<https://xn--lu-yta1h.cz/%C5%A1>\u202e',
    ],
    // Credentials before the host read as the blogger's address: never a link.
    [
      'https://127.0.0.1:8081@evil.test/',
      `https://127.0.0.1:8081@${ZW}evil.test/`,
      `https://127.0.0.1:8081@${ZW}evil.test/`,
      `https://127.0.0.1:8081@${ZW}evil.test/`,
    ],
    [
      '*tučně* _kurzíva_ `kód` ||spoiler||',
      '*tučně* _kurzíva_ `kód` ||spoiler||',
      '*tučně* _kurzíva_ `kód` ||spoiler||',
      '\\*tučně\\* \\_kurzíva\\_ \\`kód\\` \\|\\|spoiler\\|\\|',
    ],
  ])('%j', (input, slack, mattermost, discord) => {
    expect(chatMarkup(input, 'slack')).toBe(slack);
    expect(chatMarkup(input, 'mattermost')).toBe(mattermost);
    expect(chatMarkup(input, 'discord')).toBe(discord);
  });
});
