/**
 * The marketplace client against a real local server playing an odd marketplace: every answer is read within
 * the limit of its kind (src/http-body.ts), an answer over it is `response_too_large` naming the limit, an error
 * answer is classified from its first bytes whatever its size, and the request's timeout also ends a body that
 * trickles.
 */

import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/errors.js';
import { BODY_LIMITS } from '../../../src/http-body.js';
import { createMarketplaceClient } from '../../../src/marketplace/client.js';
import type { MarketplaceClientOptions } from '../../../src/marketplace/client-options.js';
import type { RateLimiter } from '../../../src/marketplace/rate-limit.js';
import { caught } from '../../helpers/caught.js';
import {
  gzipBomb,
  type PeerServer,
  type Route,
  sizedBody,
  startPeerServer,
  trickle,
} from '../../helpers/peer-server.js';

const caughtAs = (promise: Promise<unknown>) => caught(promise, MarketplaceError);

const MiB = 1024 * 1024;

/** The limiter is not under test here: it grants every slot at once. */
const openLimiter: RateLimiter = {
  async acquire() {},
  async observe() {},
  async penalize() {},
  async snapshot() {
    return { limit: 60, remaining: 60, resetAt: new Date() };
  },
};

describe('src/marketplace: bounded reads', () => {
  let peer: PeerServer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  async function clientFor(routes: Record<string, Route>, options: Partial<MarketplaceClientOptions> = {}) {
    peer = await startPeerServer(routes);
    return createMarketplaceClient({
      baseUrl: peer.url,
      apiKey: 'pk_test_bounded_reads_0123456789',
      limiter: openLimiter,
      log: pino({ level: 'silent' }),
      ...options,
    });
  }

  it('refuses a list page over 8 MiB as response_too_large, permanent, naming the request and the limit', async () => {
    // Arrange: a 400 MB "field" in one list page (P-3), chunked.
    const client = await clientFor({ '/v1/deals': sizedBody(400 * MiB, { head: '{"data":[{"id":1,"x":"' }) });

    // Act
    const error = await caughtAs(client.listDeals({ state: 'akceptovano' }));

    // Assert
    expect(error).toMatchObject({ code: 'response_too_large', status: 200, retryable: false });
    expect(error.message).toContain(
      'GET /v1/deals?state=akceptovano failed: 200 response_too_large: the answer to GET /v1/deals?state=akceptovano is larger than 8 MiB (the limit for a list); read stopped',
    );
    await expect.poll(() => peer?.served('/v1/deals')?.closedEarly).toBe(true);
    expect(peer?.served('/v1/deals')?.written).toBeLessThan(100 * MiB);
  });

  it('refuses a single deal whose Content-Length is over 4 MiB before reading it', async () => {
    const client = await clientFor({ '/v1/deals/7': sizedBody(50 * MiB, { declareLength: true }) });

    const error = await caughtAs(client.getDeal(7));

    expect(error).toMatchObject({ code: 'response_too_large', retryable: false });
    expect(error.message).toContain(
      'declares 50 MiB (Content-Length), more than 4 MiB (the limit for a single answer)',
    );
  });

  it('counts the inflated bytes of a gzip bomb in a deal text (a 1 GiB answer stops at 8 MiB)', async () => {
    const client = await clientFor({ '/v1/deals/7/text': gzipBomb(1024 * MiB) });

    const error = await caughtAs(client.getDealText(7));

    expect(error).toMatchObject({ code: 'response_too_large', retryable: false });
    expect(error.message).toContain(`larger than 8 MiB (the limit for ${BODY_LIMITS.article.kind})`);
  });

  it('reads a list page just under its limit', async () => {
    // Arrange: a valid page padded with whitespace to 8 MiB less a few bytes.
    const page = '{"data":[],"strana":1,"na_stranu":200,"celkem":0}';
    const padded: Route = (req, res, served) =>
      sizedBody(BODY_LIMITS.list.bytes - 2, { head: `${page}` })(req, res, served);
    const client = await clientFor({ '/v1/deals': padded });

    // Act
    const result = await client.listDeals();

    // Assert
    expect(result).toMatchObject({ data: [], celkem: 0 });
  });

  it('classifies an endless error answer from its first bytes and drops the connection', async () => {
    // Arrange: a 500 whose envelope is followed by 300 MB of padding.
    const envelope = '{"error":{"code":"interni_chyba","message":"Chyba","support_code":"PC-A1B2C3"}}';
    const client = await clientFor({
      '/v1/me': sizedBody(300 * MiB, { status: 500, head: envelope }),
    });

    // Act
    const error = await caughtAs(client.me());

    // Assert: the envelope and the whitespace after it, up to 64 KiB, are still JSON.
    expect(error).toMatchObject({
      status: 500,
      code: 'interni_chyba',
      supportCode: 'PC-A1B2C3',
      retryable: true,
    });
    await expect.poll(() => peer?.served('/v1/me')?.closedEarly).toBe(true);
    expect(peer?.served('/v1/me')?.written).toBeLessThan(100 * MiB);
  });

  it("ends a body that trickles at the request's timeout, as a retryable timeout", async () => {
    // Arrange: the headers and the start of a page at once, then a byte every 50 ms, forever.
    const client = await clientFor({ '/v1/deals': trickle('{"data":[', 50) }, { timeoutMs: 400 });

    // Act
    const error = await caughtAs(client.listDeals());

    // Assert
    expect(error).toMatchObject({ status: 0, code: 'timeout', retryable: true });
    expect(error.message).toContain('no answer within 400 ms');
    await expect.poll(() => peer?.served('/v1/deals')?.closedEarly).toBe(true);
  });

  it('keeps photo_too_large for a photo over maxPhotoBytes, naming the limit', async () => {
    const client = await clientFor(
      { '/v1/deals/7/photos/1': sizedBody(3 * MiB, { headers: { 'content-type': 'image/jpeg' } }) },
      { maxPhotoBytes: 1 * MiB },
    );

    const error = await caughtAs(client.getDealPhoto(7, { n: 1 }));

    expect(error).toMatchObject({ code: 'photo_too_large', retryable: false });
    expect(error.message).toContain('larger than 1 MiB (the limit for a photo)');
  });
});
