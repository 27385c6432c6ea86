/**
 * The fault-injection suite (`npm run test:faults`): real Redis, the sandbox marketplace, a real WordPress and
 * the daemon as a process that is killed and restarted; the normal `npm test` leaves test/faults/ out. Two
 * scenarios run at a time: each has its own WordPress site, Redis prefix (the outage scenario its own Redis),
 * ports and folders, and most of a scenario's time is waiting (an outage, Retry-After, delivery retries), so
 * two at once take about half the time on CI's 2 cores without crowding the one whose /healthz latency is
 * measured (docs/architecture.md, "Where CI's time goes"). CI runs that one alone and the other seven four at a
 * time (`--maxWorkers=4`, .ci/run), beside the WordPress 6.1 smoke pass.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/helpers/build-dist.ts', 'test/faults/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
