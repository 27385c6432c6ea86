import { describe, expect, it } from 'vitest';
import { REDACTED, scrubText } from '../../../src/redact.js';
import { escapeHtml } from '../../../src/status/html.js';
import { createSecretMasker, scrubValue } from '../../../src/status/redact.js';

describe('src/status/redact', () => {
  it.each([
    ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc', 'Bearer eyJhbGciOiJIUzI1NiJ9.abc'],
    ['header was Basic cHJlc3M6aHVudGVyMg==', 'cHJlc3M6aHVudGVyMg=='],
    ['GET /v1/me?api_key=pk_live_123456 failed', 'pk_live_123456'],
    ['apiKey=pk_live_abcdef', 'pk_live_abcdef'],
    ['{"webhookSecret":"whsec_987654321"}', 'whsec_987654321'],
    ['{\\"password\\":\\"hunter2hunter2\\"}', 'hunter2hunter2'],
    ["password: 'correct horse'", 'correct'],
    ['token ghp_abcdefghijklmnop1234 was revoked', 'ghp_abcdefghijklmnop1234'],
    ['redis://default:s3cr3tpass@redis.local:6379', 's3cr3tpass'],
    ['X-Signature=sha256=deadbeefcafe', 'deadbeefcafe'],
    [
      'fetch https://api.telegram.org/bot123456789:AAH4xQ-examplE_secret_token_part/sendMessage failed',
      'AAH4xQ-examplE_secret_token_part',
    ],
  ])('scrubText removes the credential from %j', (text, secret) => {
    const out = scrubText(text);
    expect(out).not.toContain(secret);
    expect(out).toMatch(/\[redacted\]|\*\*\*/);
  });

  it.each([
    'deal received',
    'WordPress 6.5 at https://zahrada-dum.cz/wp-json/',
    "the text awaits the advertiser's approval; asking again in a minute",
    'https://marketplace.example.cz/obchody/41013',
    'hand-in refused: url_mimo_domenu (PC-7F3K2Q)',
  ])('scrubText leaves ordinary text alone: %j', (text) => {
    expect(scrubText(text)).toBe(text);
  });

  it('scrubs structured values by key and by content, deeply, without touching the input', () => {
    const input = {
      apiKey: 'pk_live_1',
      nested: { headers: { Authorization: 'Bearer abcdefgh' }, list: ['token=abcdefgh', 'fine'] },
      count: 3,
    };
    const out = scrubValue(input);

    expect(out).toEqual({
      apiKey: REDACTED,
      nested: { headers: { Authorization: REDACTED }, list: [`token=${REDACTED}`, 'fine'] },
      count: 3,
    });
    expect(input.apiKey).toBe('pk_live_1');
  });

  it('masks configured secret values in every form a page can hold them', () => {
    const secret = 'S3cr3t"<&>value';
    const mask = createSecretMasker(() => [secret, undefined, 'short']);
    const page = [
      secret,
      escapeHtml(secret),
      JSON.stringify(secret).slice(1, -1),
      escapeHtml(JSON.stringify(secret).slice(1, -1)),
      'short words stay',
    ].join(' | ');

    const out = mask(page);

    expect(out).not.toContain('S3cr3t');
    expect(out.split(REDACTED)).toHaveLength(5);
    expect(out).toContain('short words stay');
  });

  it('masks the longer of two overlapping secrets whole', () => {
    const mask = createSecretMasker(() => ['abcdefgh', 'abcdefgh-and-more']);
    expect(mask('x abcdefgh-and-more y abcdefgh z')).toBe(`x ${REDACTED} y ${REDACTED} z`);
  });
});
