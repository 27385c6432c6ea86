import { describe, expect, it } from 'vitest';
import { webhookTestVerdict } from '../../../src/commands/webhook.js';
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
