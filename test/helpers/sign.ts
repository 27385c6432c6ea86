import { createHmac } from 'node:crypto';

/** Lowercase hex HMAC-SHA256 of the body, as the marketplace signs a webhook delivery. */
export function sign(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** POSTs `body` (an object is sent as JSON) signed with `secret` in `headerName`. */
export async function signedPost(
  url: string,
  body: string | Buffer | object,
  secret: string,
  headerName = 'X-Service-Signature',
): Promise<Response> {
  const raw = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [headerName]: sign(raw, secret) },
    body: typeof raw === 'string' ? raw : new Uint8Array(raw),
  });
}
