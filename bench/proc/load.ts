/**
 * The ingest load generator, a process of its own: autocannon against one webhook URL, every request a
 * `deal.accepted` with a deal id of its own (counting up from `firstId`) and a valid HMAC-SHA256 signature of
 * its exact body. Reports autocannon's figures and the ids that were answered 200 (to look for lost jobs).
 */
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { CHILD_ENV, type ChildToParent } from '../lib/protocol.js';

export interface LoadSettings {
  url: string;
  secret: string;
  header: string;
  connections: number;
  seconds: number;
  firstId: number;
  /** The body with the deal id replaced by `{{ID}}`. */
  template: string;
  /** Requests per second from all connections (default: as fast as the server answers). */
  rate?: number;
  /**
   * Each connection is closed and opened again after this many requests. autocannon ignores a
   * `Connection: close` answer and keeps sending on the socket; the daemon's listener serves at most 1 000
   * requests per connection (src/http-limits.ts) and Node answers 503 to any request after that on the same
   * socket. A real client (the marketplace's) opens a new connection; this makes autocannon do so.
   */
  reconnectRate?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  sent: number;
  okIds: number[];
  durationS: number;
}

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface AutocannonResult {
  requests: { total: number; average: number; mean: number };
  latency: { p50: number; p90: number; p99: number; max: number; mean: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
  '2xx': number;
}

type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => unknown;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
const settings = JSON.parse(process.env[CHILD_ENV] ?? '{}') as LoadSettings;
const [head, tail] = settings.template.split('{{ID}}') as [string, string];
let nextId = settings.firstId;
let sent = 0;
const okIds: number[] = [];

autocannon(
  {
    url: settings.url,
    connections: settings.connections,
    duration: settings.seconds,
    pipelining: 1,
    timeout: 10,
    ...(settings.rate ? { overallRate: settings.rate } : {}),
    ...(settings.reconnectRate ? { reconnectRate: settings.reconnectRate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest(request: AutocannonRequest, context: { id?: number }) {
          const id = nextId++;
          sent += 1;
          context.id = id;
          const body = `${head}${id}${tail}`;
          return {
            ...request,
            method: 'POST',
            path: new URL(settings.url).pathname,
            headers: {
              'content-type': 'application/json',
              [settings.header]: createHmac('sha256', settings.secret).update(body).digest('hex'),
            },
            body,
          };
        },
        onResponse(status: number, _body: string, context: { id?: number }) {
          if (status === 200 && context.id !== undefined) okIds.push(context.id);
        },
      },
    ],
  },
  (error, result) => {
    if (error) {
      process.send?.({ type: 'error', message: error.message } satisfies ChildToParent);
      process.exit(1);
    }
    const statusCodes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
    );
    const data: LoadResult = {
      requests: result.requests.total,
      rps: result.requests.average,
      latency: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
        mean: result.latency.mean ?? result.latency.average,
      },
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodes,
      sent,
      okIds,
      durationS: result.duration,
    };
    process.send?.({ type: 'result', data } satisfies ChildToParent, () => process.exit(0));
  },
);
