import { describe, expect, it } from 'vitest';
import { listenerAfterRegistration, webhookTestVerdict } from '../../../src/commands/webhook.js';
import { parseConfig } from '../../../src/config/load.js';
import { createTranslator } from '../../../src/i18n/index.js';

describe('src/commands/webhook: webhook test as one sentence', () => {
  const t = createTranslator('en');
  const url = 'https://blog.example.cz/webhook';

  it.each([
    [{ delivered: true, status: 200 }, true, `Test webhook delivered: ${url} answered 200.`],
    [
      { delivered: false, status: 0 },
      false,
      `The marketplace got no answer from ${url}: is the daemon running`,
    ],
    [
      { delivered: false, status: 401 },
      false,
      `The webhook at ${url} answered HTTP 401 where the marketplace expects 200`,
    ],
    [{ delivered: true, status: 503 }, false, `The webhook at ${url} answered HTTP 503`],
  ])('%o → ok %s', (result, ok, sentence) => {
    const verdict = webhookTestVerdict(result, url, t);
    expect(verdict.ok).toBe(ok);
    expect(verdict.sentence).toContain(sentence);
    expect(verdict.sentence).not.toContain('{');
  });
});

describe('src/commands/webhook: what `webhook register` says the running daemon does', () => {
  const t = createTranslator('en');
  const config = (extra: Record<string, unknown>) =>
    parseConfig(
      {
        marketplace: { baseUrl: 'https://api.example', apiKey: 'k' },
        webhook: { listen: { host: '127.0.0.1', port: 9400 } },
        dataDir: '/nonexistent/pb-register',
        ...extra,
      },
      {},
    );

  it.each([
    [
      {},
      'A running daemon starts taking webhooks on 127.0.0.1:9400 after its next poll (usually within 30 s)',
    ],
    [{ intake: { pollSeconds: 60 } }, 'after its next poll (usually within 1 min)'],
    [
      { intake: { mode: 'both' } },
      'The daemon takes webhooks on 127.0.0.1:9400; check: pressbridge webhook test.',
    ],
    [{ intake: { mode: 'webhook' } }, 'The daemon takes webhooks on 127.0.0.1:9400'],
    [
      { intake: { mode: 'poll' } },
      'Note: the config sets intake.mode: poll, so the daemon keeps polling only',
    ],
  ])('intake %j', (extra, sentence) => {
    expect(listenerAfterRegistration(config(extra), t)).toContain(sentence);
  });
});
