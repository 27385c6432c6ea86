/** The bench's "blog": answers every GET with a small article page (the pipeline's verify and the sandbox's
 * hand-in check both fetch the article URL). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BenchSite {
  url: string;
  close(): Promise<void>;
}

const PAGE = Buffer.from(
  '<!doctype html><html><head><title>Článek</title></head><body><h1>Článek</h1></body></html>',
);

export async function startSite(): Promise<BenchSite> {
  const server: Server = createServer((req, res) => {
    req.resume();
    res.writeHead(req.method === 'GET' || req.method === 'HEAD' ? 200 : 405, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': PAGE.length,
    });
    res.end(req.method === 'HEAD' ? undefined : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
