/**
 * An HTTP proxy on a loopback port in front of a real server, which a test can make misbehave for the requests
 * it chooses: answer in the server's place (a 403 from a firewall, a 500 error page), forward with headers
 * replaced (a revoked password the real server then refuses), or forward and hold back the server's answer
 * (the request took effect, the client timed out). Every request is recorded. For faults below HTTP (the
 * server down, connections cut) see tcp-proxy.ts.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  /** The status the target (or the armed fault) answered with; absent until then, or when none came. */
  status?: number;
}

export type ProxyFault =
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body: string }
  | { kind: 'forward-with-headers'; headers: Record<string, string> }
  | { kind: 'hold-answer'; ms: number };

export interface FaultRule {
  when(request: ProxiedRequest): boolean;
  fault: ProxyFault;
}

export interface FaultProxy {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: ProxiedRequest[];
  /** The fault in force; undefined: every request passes unchanged. */
  rule: FaultRule | undefined;
  /** Resolves when every forwarded request has had the server's answer (taken effect there). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const requests: ProxiedRequest[] = [];
  const inFlight = new Set<Promise<void>>();
  const proxy: { rule: FaultRule | undefined } = { rule: undefined };

  function forward(req: IncomingMessage, res: ServerResponse, seen: ProxiedRequest, fault?: ProxyFault) {
    const headers = { ...req.headers, host: `${target.host}:${target.port}` };
    if (fault?.kind === 'forward-with-headers') Object.assign(headers, fault.headers);
    const answered = new Promise<void>((resolve) => {
      const upstream = request(
        { host: target.host, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          // The server has answered: what the request did there is done, whatever the client sees.
          if (answer.statusCode !== undefined) seen.status = answer.statusCode;
          resolve();
          const pass = () => {
            if (res.destroyed) {
              answer.resume();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          };
          if (fault?.kind === 'hold-answer') {
            const timer = setTimeout(pass, fault.ms);
            res.on('close', () => clearTimeout(timer));
          } else {
            pass();
          }
        },
      );
      upstream.on('error', () => {
        resolve();
        res.destroy();
      });
      req.pipe(upstream);
    });
    inFlight.add(answered);
    void answered.then(() => inFlight.delete(answered));
  }

  const server: Server = createServer((req, res) => {
    const seen: ProxiedRequest = { method: req.method ?? 'GET', url: req.url ?? '/' };
    requests.push(seen);
    const rule = proxy.rule;
    const fault = rule?.when(seen) ? rule.fault : undefined;
    if (fault?.kind === 'answer') {
      req.resume();
      seen.status = fault.status;
      res.writeHead(fault.status, fault.headers ?? {}).end(fault.body);
      return;
    }
    forward(req, res, seen, fault);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get rule() {
      return proxy.rule;
    },
    set rule(rule) {
      proxy.rule = rule;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
