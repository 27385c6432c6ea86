import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The fault-injection suite has its own config and command (`npm run test:faults`).
    exclude: [...configDefaults.exclude, 'test/faults/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests share the machine's Redis and ports; files run in parallel, tests within a file in order.
    pool: 'forks',
    // One file per core. Vitest's own default is one less than the cores, which on CI's 2 cores ran every file
    // one after another while most of them wait on WordPress, Redis or a child process (docs/architecture.md,
    // "Where CI's time goes"). VITEST_MAX_WORKERS overrides it.
    maxWorkers: availableParallelism(),
    reporters: ['default'],
  },
});
