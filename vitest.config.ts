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
    reporters: ['default'],
  },
});
