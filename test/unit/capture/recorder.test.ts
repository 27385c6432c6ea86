import { describe, expect, it } from 'vitest';
import { createRecorder } from '../../../src/commands/doctor-live-record.js';

describe('doctor --live: the recording fetch', () => {
  it('keeps status, headers and JSON per answer, leaves the body to the client, and refuses past its budget', async () => {
    let calls = 0;
    const base: typeof fetch = async (input) => {
      calls += 1;
      const photo = String(input).includes('/photos/');
      return new Response(photo ? new Uint8Array([0xff, 0xd8]) : JSON.stringify({ id: 1 }), {
        headers: { 'content-type': photo ? 'image/jpeg' : 'application/json', 'x-ratelimit-remaining': '59' },
      });
    };
    const recorder = createRecorder(2, base);
    const first = await recorder.fetch('http://s/api/v1/me', { method: 'GET' });
    expect(await first.json()).toEqual({ id: 1 });
    const photo = await recorder.fetch('http://s/api/v1/deals/7/photos/1');
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8]));
    await expect(recorder.fetch('http://s/api/v1/blogs')).rejects.toThrow('budget of 2 requests is spent');
    expect(calls).toBe(2);
    expect(recorder.sent).toBe(2);
    expect(recorder.answers.map((a) => [a.path, a.status, a.json])).toEqual([
      ['/v1/me', 200, { id: 1 }],
      ['/v1/deals/7/photos/1', 200, undefined],
    ]);
    expect(recorder.last('GET', /\/photos\/\d+$/)?.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('copies JSON only up to the list limit while the client reads the answer through it', async () => {
    // Arrange: 9 MiB of valid JSON, over BODY_LIMITS.list (8 MiB).
    const big = JSON.stringify({ data: 'x'.repeat(9 * 1024 * 1024) });
    const base: typeof fetch = async () =>
      new Response(big, { headers: { 'content-type': 'application/json' } });
    const recorder = createRecorder(1, base);

    // Act: the client reads it whole (a test fetch; the marketplace client would stop at its own limit).
    const answer = await recorder.fetch('http://s/api/v1/deals');
    const read = await answer.text();

    // Assert
    expect(read.length).toBe(big.length);
    expect(recorder.answers[0]).toMatchObject({ path: '/v1/deals', status: 200 });
    expect(recorder.answers[0]?.json).toBeUndefined();
  });
});
