/**
 * The fault-injection suite (`npm run test:faults`): real Redis, the sandbox marketplace, a real WordPress and
 * the daemon as a process that is killed and restarted. Scenarios run one after another (they load the machine
 * and share its WordPress and Redis); the normal `npm test` leaves test/faults/ out.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/faults/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: ['default'],
  },
});
