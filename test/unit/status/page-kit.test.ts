/** How the status page words a source it could not read (src/status/routes/page-kit.ts `sourceErrorSaid`). */
import { describe, expect, it } from 'vitest';
import { AppError, MarketplaceError } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { sourceErrorSaid } from '../../../src/status/routes/page-kit.js';

const cs = createTranslator('cs');
const en = createTranslator('en');

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
const marketplace = new MarketplaceError({
  status: 503,
  code: 'server_error',
  message: 'server error',
  said: { key: 'market.status.server_error' },
  method: 'GET',
  path: '/v1/me',
  retryable: true,
});

describe('src/status/routes/page-kit sourceErrorSaid', () => {
  it.each([
    [
      'an error carrying its phrase',
      marketplace,
      'Tržiště: GET /v1/me selhalo: 503 server_error: chyba serveru',
    ],
    [
      "ioredis's words: Redis out of reach",
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      'Redis neodpovídá',
    ],
    ['a network code', refused, 'spojení odmítnuto [ECONNREFUSED]'],
    ['anything else', new Error('ERR unknown command'), 'neočekávaná chyba (anglicky: ERR unknown command)'],
  ])('%s: said in Czech', (_what, error, czech) => {
    expect(cs.say(sourceErrorSaid(error))).toBe(czech);
  });

  it('anything else stays its own English for an English reader and the log', () => {
    expect(en.say(sourceErrorSaid(new Error('ERR unknown command')))).toBe('ERR unknown command');
  });

  it('scrubs credentials from what it quotes, in the phrase too', () => {
    const quoted = new AppError('x', 'token=abcdef123456 refused', {
      phrase: { key: 'status.source.failed', params: { detail: 'token=abcdef123456 refused' } },
    });
    expect(cs.say(sourceErrorSaid(quoted))).not.toContain('abcdef123456');
    expect(cs.say(sourceErrorSaid(new Error('token=abcdef123456 refused')))).not.toContain('abcdef123456');
  });
});
