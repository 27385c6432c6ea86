/**
 * A request (a GET unless `method` says) through node:http rather than fetch: the Host and X-Forwarded-* headers
 * can be anything (fetch would not let a test set them), and `localAddress` picks the client's own loopback
 * address (any of 127.0.0.0/8 on Linux), so a test can play several clients of a proxy.
 */
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function rawRequest(
  url: string,
  headers: Record<string, string>,
  options: { localAddress?: string; method?: string; body?: string } = {},
): Promise<RawAnswer> {
  const { body: sent, ...rest } = options;
  return await new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false, ...rest }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(sent);
  });
}
