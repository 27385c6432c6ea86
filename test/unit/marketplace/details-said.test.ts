/**
 * Issue 28: what went wrong inside a marketplace error's frame ("Tržiště: GET … selhalo: …") is said in the
 * blogger's language too, and its English stays the error's message for the log.
 */

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorSaid, MarketplaceError, ResponseTooLargeError } from '../../../src/errors.js';
import { BODY_LIMITS, readBody } from '../../../src/http-body.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { badResponse, classifyResponse, responseTooLarge } from '../../../src/marketplace/classify.js';
import { issuesSaid } from '../../../src/marketplace/http.js';
import { followRedirect } from '../../../src/marketplace/origin.js';
import { photoUrl } from '../../../src/marketplace/readers.js';
import { foreignWords } from '../../helpers/language.js';

const cs = createTranslator('cs');
const en = createTranslator('en');
const context = { method: 'GET', path: '/v1/deals/7' };
const base = new URL('https://api.example.cz');

/** The error `fn` returns (the classifiers) or throws (the readers). */
function caught(fn: () => unknown): MarketplaceError {
  try {
    const made = fn();
    if (made instanceof MarketplaceError) return made;
  } catch (error) {
    if (error instanceof MarketplaceError) return error;
    throw error;
  }
  throw new Error('expected a MarketplaceError');
}

async function tooLarge(): Promise<MarketplaceError> {
  const response = new Response('x'.repeat(100), { headers: { 'content-length': String(10 * 1024 ** 3) } });
  const error = await readBody(response, BODY_LIMITS.list, 'GET /v1/deals').catch((e: unknown) => e);
  if (!(error instanceof ResponseTooLargeError)) throw new Error('expected ResponseTooLargeError');
  return responseTooLarge(context, 200, error);
}

const shape = z.object({ id: z.number(), state: z.string() }).safeParse({ id: 'x' }).error as z.ZodError;

describe('the details inside a marketplace error, in both languages', () => {
  it.each([
    ['no message of its own', () => classifyResponse(context, 503, new Headers(), '<html>'), 'chyba serveru'],
    [
      'not JSON',
      () =>
        badResponse(context, 200, {
          key: 'market.detail.not_json',
          params: { type: { key: 'market.detail.no_content_type' } },
        }),
      'nečekaná odpověď na /v1/deals/7: není JSON (bez content-type)',
    ],
    [
      'a shape that does not fit',
      () => badResponse(context, 200, issuesSaid(shape)),
      'nečekaná odpověď na /v1/deals/7: id: očekáváno: číslo (a další: 1)',
    ],
    [
      'a photo on another host',
      () => photoUrl(base, '', 7, { n: 1, url: 'https://evil.example/p.jpg' }),
      'fotka 1 obchodu 7 je na jiném serveru (evil.example); fotky se stahují jen z api.example.cz',
    ],
    [
      'a redirect elsewhere',
      () =>
        followRedirect(
          context,
          new Response(null, { status: 302, headers: { location: 'https://evil.example/' } }),
          base,
          1,
          base,
        ),
      'tržiště přesměrovalo na jiný server (evil.example)',
    ],
    [
      'too many redirects',
      () =>
        followRedirect(
          context,
          new Response(null, { status: 302, headers: { location: '/v1/x' } }),
          base,
          99,
          base,
        ),
      'víc než',
    ],
  ])('%s', (_name, make, czech) => {
    const error = caught(make);
    const said = cs.say(errorSaid(error));
    expect(said).toMatch(/^Tržiště: GET \S+ selhalo: /);
    expect(said).toContain(czech);
    expect(foreignWords(said, 'cs', ['content-type'])).toEqual([]);
    expect(en.say(errorSaid(error))).toBe(error.message);
  });

  it('an answer over its byte limit', async () => {
    const error = await tooLarge();
    const said = cs.say(errorSaid(error));
    expect(said).toContain(
      'odpověď na GET /v1/deals hlásí 10 GiB (Content-Length), víc než 8 MiB (limit pro seznam); nečte se',
    );
    expect(en.say(errorSaid(error))).toBe(error.message);
    expect(error.message).toContain('(the limit for a list); not read');
  });
});
