/**
 * The ONE wrapper around nock for unit tests (nock ≥ 14 intercepts Node's global fetch).
 *
 * `useHttpMock()` registers vitest hooks for the calling test file:
 * - the network is closed (`disableNetConnect`); 127.0.0.1 opens only for a test that calls `allowLocalhost()`;
 * - after each test, a request that matched no mock and a mock that was never used both fail the test;
 * - every mock is removed after each test, and nock is switched off after the file.
 */
import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export interface HttpMock {
  /** A nock scope for one origin, e.g. `mock.scope('https://api.example.cz').get('/v1/me').reply(200, {...})`. */
  scope(origin: string, options?: nock.Options): nock.Scope;
  /** Lets this test's requests to 127.0.0.1 reach the network (a real local server). */
  allowLocalhost(): void;
}

interface RequestLike {
  method?: unknown;
  host?: unknown;
  hostname?: unknown;
  port?: unknown;
  path?: unknown;
  href?: unknown;
}

function describeRequest(args: unknown[]): string {
  // nock emits either (options) or (req, options, body); the options object names the target.
  const candidates = args.filter((a): a is RequestLike => typeof a === 'object' && a !== null);
  const withPath =
    candidates.find((c) => typeof c.path === 'string' && (c.hostname ?? c.host) !== undefined) ??
    candidates.find((c) => typeof c.path === 'string') ??
    candidates[0];
  if (!withPath) return 'unknown request';
  const method = typeof withPath.method === 'string' ? withPath.method : 'GET';
  if (typeof withPath.href === 'string') return `${method} ${withPath.href}`;
  const host = String(withPath.hostname ?? withPath.host ?? '?');
  const port = withPath.port === undefined || withPath.port === null ? '' : `:${String(withPath.port)}`;
  return `${method} ${host}${port}${String(withPath.path ?? '')}`;
}

function hostOf(args: unknown[]): string | undefined {
  for (const a of args) {
    if (typeof a !== 'object' || a === null) continue;
    const r = a as RequestLike;
    const host = r.hostname ?? r.host;
    if (typeof host === 'string') return host.replace(/:\d+$/, '');
  }
  return undefined;
}

export function useHttpMock(): HttpMock {
  const unmatched: string[] = [];
  let localhostAllowed = false;
  const onNoMatch = (...args: unknown[]): void => {
    if (localhostAllowed && hostOf(args) === '127.0.0.1') return;
    unmatched.push(describeRequest(args));
  };

  beforeAll(() => {
    if (!nock.isActive()) nock.activate();
    nock.emitter.on('no match', onNoMatch);
  });

  beforeEach(() => {
    unmatched.length = 0;
    localhostAllowed = false;
    nock.disableNetConnect();
  });

  afterEach(() => {
    const pending = nock.pendingMocks();
    const requests = [...unmatched];
    nock.abortPendingRequests();
    nock.cleanAll();
    nock.disableNetConnect();
    const problems = [
      ...requests.map((r) => `request matched no mock: ${r}`),
      ...pending.map((m) => `mock was never used: ${m}`),
    ];
    if (problems.length > 0) throw new Error(`HTTP mock problems:\n  ${problems.join('\n  ')}`);
  });

  afterAll(() => {
    nock.emitter.off('no match', onNoMatch);
    nock.enableNetConnect();
    nock.restore();
  });

  return {
    scope: (origin, options) => nock(origin, options),
    allowLocalhost: () => {
      localhostAllowed = true;
      nock.enableNetConnect('127.0.0.1');
    },
  };
}
