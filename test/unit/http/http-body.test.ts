/**
 * src/http-body.ts against a real local server: an answer over its limit is refused (before reading when its
 * length says so, at the limit while streaming, counting decompressed bytes), the connection is dropped rather than
 * drained, and memory stays bounded while hundreds of megabytes are on offer.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { ResponseTooLargeError } from '../../../src/errors.js';
import {
  BODY_LIMITS,
  bufferedFetch,
  describeBytes,
  findTooLarge,
  readBody,
  readBodyHead,
  readBodyHeadText,
  readBodyText,
} from '../../../src/http-body.js';
import { caught } from '../../helpers/caught.js';
import {
  gzipBomb,
  jsonBody,
  type PeerServer,
  sizedBody,
  startPeerServer,
} from '../../helpers/peer-server.js';

const MiB = 1024 * 1024;
const LIST = BODY_LIMITS.list;

/** The highest RSS seen while `work` runs (sampled every few ms and at the end), minus the RSS before. */
async function peakRssGrowth(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

describe('src/http-body', () => {
  let peer: PeerServer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it('refuses an answer whose Content-Length is over the limit without reading it', async () => {
    // Arrange: 200 MiB declared; the server would send it all if asked.
    peer = await startPeerServer({ '/big': sizedBody(200 * MiB, { declareLength: true }) });
    const response = await fetch(`${peer.url}/big`);

    // Act
    const error = await caught(readBody(response, LIST, 'GET /big'));

    // Assert
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ code: 'response_too_large', retryable: false, declaredBytes: 200 * MiB });
    expect((error as Error).message).toBe(
      'the answer to GET /big declares 200 MiB (Content-Length), more than 8 MiB (the limit for a list); not read',
    );
    await expect.poll(() => peer?.served('/big')?.closedEarly).toBe(true);
    expect(peer.served('/big')?.written).toBeLessThan(LIST.bytes);
  });

  it('pulls not a single chunk of a body whose declared length is over the limit', async () => {
    // Arrange: a stream that counts the chunks asked of it (highWaterMark 0: nothing is pulled unasked).
    let pulls = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1;
          controller.enqueue(new Uint8Array(1024));
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const response = new Response(body, { headers: { 'content-length': String(9 * MiB) } });

    // Act
    const error = await caught(readBody(response, LIST, 'GET /x'));

    // Assert
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(pulls).toBe(0);
    expect(cancelled).toBe(true);
  });

  it('stops a body without a length at the limit, drops the connection, and holds no more than the limit', async () => {
    // Arrange: 200 MiB, chunked, in a list page's envelope.
    peer = await startPeerServer({ '/v1/deals': sizedBody(200 * MiB, { head: '{"data":[' }) });

    // Act
    let error: unknown;
    const growth = await peakRssGrowth(async () => {
      const response = await fetch(`${peer?.url}/v1/deals`);
      error = await caught(readBodyText(response, LIST, 'GET /v1/deals'));
    });

    // Assert
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toBe(
      'the answer to GET /v1/deals is larger than 8 MiB (the limit for a list); read stopped',
    );
    expect(error).toMatchObject({ limitBytes: LIST.bytes, declaredBytes: undefined });
    await expect.poll(() => peer?.served('/v1/deals')?.closedEarly).toBe(true);
    // Reading it whole takes 200 MiB of bytes and 200 MiB more as a string; the capped read, about the limit.
    expect(growth).toBeLessThan(80 * MiB);
    expect(peer.served('/v1/deals')?.written).toBeLessThan(100 * MiB);
  });

  it('counts the decompressed bytes of a gzip answer: a 1 GiB bomb stops at the limit', async () => {
    // Arrange: 1 GiB of spaces in about 1 MB on the wire; fetch inflates it as it is read.
    peer = await startPeerServer({ '/bomb': gzipBomb(1024 * MiB) });

    // Act
    let error: unknown;
    const growth = await peakRssGrowth(async () => {
      const response = await fetch(`${peer?.url}/bomb`);
      error = await caught(readBody(response, { bytes: 1 * MiB, kind: 'a test answer' }, 'GET /bomb'));
    });

    // Assert
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toContain('is larger than 1 MiB (the limit for a test answer)');
    expect(growth).toBeLessThan(80 * MiB);
  });

  it('passes a body of exactly the limit, and refuses one byte more', async () => {
    // Arrange
    const limit = { bytes: 64 * 1024, kind: 'a test answer' };
    peer = await startPeerServer({
      '/exact': sizedBody(limit.bytes, { head: '"', fill: 0x61 }),
      '/over': sizedBody(limit.bytes + 1, { head: '"', fill: 0x61 }),
      '/exact-declared': sizedBody(limit.bytes, { declareLength: true }),
    });

    // Act
    const exact = await readBody(await fetch(`${peer.url}/exact`), limit, 'GET /exact');
    const declared = await readBody(await fetch(`${peer.url}/exact-declared`), limit, 'GET /exact-declared');
    const over = await caught(readBody(await fetch(`${peer.url}/over`), limit, 'GET /over'));

    // Assert
    expect(exact.byteLength).toBe(limit.bytes);
    expect(exact.subarray(1).every((b) => b === 0x61)).toBe(true);
    expect(declared.byteLength).toBe(limit.bytes);
    expect(over).toBeInstanceOf(ResponseTooLargeError);
  });

  it('reads a small JSON answer whole, a byte-order mark dropped as fetch does', async () => {
    // Arrange
    peer = await startPeerServer({ '/ok': jsonBody({ data: [{ id: 1 }], celkem: 1 }) });
    const withBom = new Response(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]));

    // Act
    const text = await readBodyText(await fetch(`${peer.url}/ok`), LIST, 'GET /ok');

    // Assert
    expect(JSON.parse(text)).toEqual({ data: [{ id: 1 }], celkem: 1 });
    expect(await readBodyText(withBom, LIST, 'GET /bom')).toBe('{}');
  });

  it('reads only the head of an endless answer, says it was cut, and drops the connection', async () => {
    // Arrange: an error page of 100 MiB that starts with the envelope.
    peer = await startPeerServer({
      '/err': sizedBody(100 * MiB, { status: 500, head: '{"error":{"code":"x"}}', fill: 0x2e }),
    });

    // Act
    const response = await fetch(`${peer.url}/err`);
    const head = await readBodyHeadText(response, BODY_LIMITS.error.bytes);

    // Assert
    expect(head.truncated).toBe(true);
    expect(Buffer.byteLength(head.text)).toBe(BODY_LIMITS.error.bytes);
    expect(head.text.startsWith('{"error":{"code":"x"}}...')).toBe(true);
    await expect.poll(() => peer?.served('/err')?.closedEarly).toBe(true);
  });

  it('reads a short answer whole as its head, not cut', async () => {
    const { bytes, truncated } = await readBodyHead(new Response('abc'), 3);
    expect(bytes.toString()).toBe('abc');
    expect(truncated).toBe(false);
  });

  describe('bufferedFetch (for libraries that read bodies themselves)', () => {
    it('hands on a small answer with its status and headers, the body already read', async () => {
      peer = await startPeerServer({ '/repos/a/b': jsonBody({ full_name: 'a/b' }, 201) });
      const fetchCapped = bufferedFetch(fetch, BODY_LIMITS.publisher);

      const response = await fetchCapped(`${peer.url}/repos/a/b`);

      expect(response.status).toBe(201);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({ full_name: 'a/b' });
    });

    it('throws from fetch when a 2xx answer is over the limit, naming the path', async () => {
      peer = await startPeerServer({ '/repos/a/b': sizedBody(40 * MiB, { head: '{"x":"' }) });
      const fetchCapped = bufferedFetch(fetch, BODY_LIMITS.publisher);

      const error = await caught(fetchCapped(`${peer.url}/repos/a/b?ref=main`, { method: 'GET' }));

      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect((error as Error).message).toContain('the answer to GET /repos/a/b is larger than 8 MiB');
      expect(findTooLarge(new Error('wrapped', { cause: error }))).toBe(error);
      await expect.poll(() => peer?.served('/repos/a/b')?.closedEarly).toBe(true);
    });

    it('keeps only the start of an error answer, whatever its size (only its message is used)', async () => {
      peer = await startPeerServer({
        '/repos/a/b': sizedBody(40 * MiB, { status: 502, head: '{"message":"bad gateway"}' }),
      });
      const fetchCapped = bufferedFetch(fetch, BODY_LIMITS.publisher);

      const response = await fetchCapped(`${peer.url}/repos/a/b`);

      expect(response.status).toBe(502);
      const text = await response.text();
      expect(Buffer.byteLength(text)).toBe(BODY_LIMITS.error.bytes);
      expect(text.startsWith('{"message":"bad gateway"}')).toBe(true);
    });
  });

  it.each([
    [512, '512 B'],
    [64 * 1024, '64 KiB'],
    [8 * MiB, '8 MiB'],
    [1.5 * MiB, '1.5 MiB'],
    [3 * 1024 * MiB, '3 GiB'],
  ])('describes %i bytes as %s', (bytes, words) => {
    expect(describeBytes(bytes)).toBe(words);
  });
});
