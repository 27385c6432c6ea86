/**
 * A TCP proxy on a fixed loopback port in front of a real server, which a test can take down and bring back:
 * `down()` stops listening and cuts every open connection (the client sees ECONNREFUSED / ECONNRESET, as from
 * a crashed or restarting site), `up()` listens again on the same port.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  isUp(): boolean;
  up(): Promise<void>;
  down(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async (): Promise<void> => {
    const next = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        resolve();
      });
    });
    const address = next.address();
    if (address && typeof address === 'object') port = address.port;
    server = next;
  };

  const down = async (): Promise<void> => {
    const current = server;
    server = undefined;
    if (!current) return;
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    isUp: () => server !== undefined,
    async up() {
      if (!server) await listen();
    },
    down,
    close: down,
  };
}
