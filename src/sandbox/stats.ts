/** Counters for tests and benchmarks: every /v1 answer by method, route and status, and the 429s. */
export interface RequestCount {
  method: string;
  /** The route pattern, e.g. `/v1/deals/:id/text`. */
  route: string;
  status: number;
  count: number;
}

export interface SandboxStats {
  requests: RequestCount[];
  /** All /v1 answers. */
  totalRequests: number;
  /** 429 `rate_limit` answers (the real limit and injected ones). */
  rateLimited: number;
  /** The most requests admitted in any one rate-limit window, per presented API key. */
  maxRequestsPerWindow: Record<string, number>;
}

export interface StatsRecorder {
  record(method: string, route: string, status: number): void;
  snapshot(maxRequestsPerWindow: Record<string, number>): SandboxStats;
  reset(): void;
}

export function createStatsRecorder(): StatsRecorder {
  let counts = new Map<string, RequestCount>();
  return {
    record(method, route, status) {
      const id = `${method} ${route} ${status}`;
      const entry = counts.get(id);
      if (entry) entry.count += 1;
      else counts.set(id, { method, route, status, count: 1 });
    },
    snapshot(maxRequestsPerWindow) {
      const requests = [...counts.values()].map((c) => ({ ...c }));
      return {
        requests,
        totalRequests: requests.reduce((sum, c) => sum + c.count, 0),
        rateLimited: requests.filter((c) => c.status === 429).reduce((sum, c) => sum + c.count, 0),
        maxRequestsPerWindow,
      };
    },
    reset() {
      counts = new Map();
    },
  };
}
