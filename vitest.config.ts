import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests share the machine's Redis and ports; files run in parallel, tests within a file in order.
    pool: 'forks',
    // One file per core. Vitest's own default is one less than the cores, which on CI's 2 cores ran every file
    // one after another while most of them wait on WordPress, Redis or a child process (docs/architecture.md,
    // "Where CI's time goes"). VITEST_MAX_WORKERS overrides it.
    maxWorkers: availableParallelism(),
    reporters: ['default'],
    // The tests start pressbridge compiled (node dist/src/cli.js): dist/ is built first when the sources changed.
    globalSetup: ['test/helpers/build-dist.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // A worker loads the modules once for all the unit files it runs, instead of once per file: the
          // unit tests spent three quarters of their time loading modules (docs/architecture.md). What a module
          // remembers for the process (the CLI's language) is reset before each file by the setup file.
          isolate: false,
          setupFiles: ['test/helpers/unit-file-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          // The unit tests above; the fault-injection suite has its own config and command (`npm run test:faults`).
          exclude: [...configDefaults.exclude, 'test/unit/**', 'test/faults/**'],
        },
      },
    ],
  },
});
