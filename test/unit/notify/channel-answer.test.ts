/**
 * src/notify/channels/channel.ts `post` against a real local server: a chat service's answer is read only to its
 * first 64 KiB (all a channel looks at), however long the service goes on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../../src/http-body.js';
import { post } from '../../../src/notify/channels/channel.js';
import { type PeerServer, sizedBody, startPeerServer } from '../../helpers/peer-server.js';

const MiB = 1024 * 1024;
const send = (url: string) =>
  post(url, { headers: { 'Content-Type': 'application/json' }, body: '{}' }, new AbortController().signal, {
    timeoutMs: 10_000,
  });

describe('src/notify/channels/channel: the answer read', () => {
  let peer: PeerServer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it('takes a 2xx with an endless body as delivered, keeping its first 64 KiB and dropping the connection', async () => {
    peer = await startPeerServer({ '/hook': sizedBody(300 * MiB, { head: '{"ok":true}' }) });

    const text = await send(`${peer.url}/hook`);

    expect(text.startsWith('{"ok":true}')).toBe(true);
    expect(Buffer.byteLength(text)).toBe(BODY_LIMITS.channel.bytes);
    await expect.poll(() => peer?.served('/hook')?.closedEarly).toBe(true);
    expect(peer.served('/hook')?.written).toBeLessThan(100 * MiB);
  });

  it('names the status and the start of an endless refusal', async () => {
    peer = await startPeerServer({
      '/hook': sizedBody(300 * MiB, { status: 400, head: 'chat_not_found', fill: 0x2e }),
    });

    await expect(send(`${peer.url}/hook`)).rejects.toThrow(/^HTTP 400: chat_not_found\.{100}/);
    await expect.poll(() => peer?.served('/hook')?.closedEarly).toBe(true);
  });
});
