import { describe, expect, it } from 'vitest';
import { startedLine } from '../../../src/commands/start-line.js';
import { createTranslator } from '../../../src/i18n/index.js';

describe('src/commands/start-line', () => {
  it.each([
    [
      'cs',
      'pressbridge běží — stav: http://127.0.0.1:8081 · webhook: http://0.0.0.0:8080/webhook (Ctrl+C ukončí)',
    ],
    [
      'en',
      'pressbridge is running — status: http://127.0.0.1:8081 · webhook: http://0.0.0.0:8080/webhook (Ctrl+C stops it)',
    ],
  ] as const)('names both addresses in %s', (language, line) => {
    const daemon = { statusUrl: 'http://127.0.0.1:8081', webhookUrl: 'http://0.0.0.0:8080/webhook' };
    expect(startedLine(daemon, createTranslator(language))).toBe(line);
  });

  it('says "off" for what this process does not serve', () => {
    const line = startedLine({ statusUrl: undefined, webhookUrl: undefined }, createTranslator('en'));
    expect(line).toBe('pressbridge is running — status: off · webhook: off (Ctrl+C stops it)');
  });

  it.each([
    ['cs', /^pressbridge běží, ale Redis na redis:\/\/\*\*\*@10\.0\.0\.5:6379 neodpovídá: spusťte ho/],
    [
      'en',
      /^pressbridge is running, but Redis at redis:\/\/\*\*\*@10\.0\.0\.5:6379 does not answer: start it/,
    ],
  ] as const)('with Redis out of reach says so first, and what to do (%s)', (language, start) => {
    const daemon = { statusUrl: 'http://127.0.0.1:8081', webhookUrl: 'http://127.0.0.1:8080/webhook' };
    const line = startedLine(daemon, createTranslator(language), undefined, 'redis://***@10.0.0.5:6379');
    expect(line).toMatch(start);
    expect(line).toContain('redis.url');
    expect(line).toContain('http://127.0.0.1:8081 (Ctrl+C');
  });

  it('in poll mode names the poll, not the webhook address nothing needs to reach', () => {
    const daemon = { statusUrl: 'http://127.0.0.1:8081', webhookUrl: 'http://127.0.0.1:8080/webhook' };
    const poll = { mode: 'poll', pollMs: 30_000 } as const;
    expect(startedLine(daemon, createTranslator('en'), poll)).toBe(
      'pressbridge is running — status: http://127.0.0.1:8081 · it asks the marketplace for new deals every 30 s, nothing to open (Ctrl+C stops it)',
    );
    expect(startedLine(daemon, createTranslator('cs'), poll)).not.toContain('8080');
    // With a webhook (both) the address is named as before.
    expect(startedLine(daemon, createTranslator('en'), { mode: 'both', pollMs: 300_000 })).toContain(
      'webhook: http://127.0.0.1:8080/webhook',
    );
  });
});
