import { defineConfig } from 'vitest/config';

/** Code that cannot reach a database (the browser's, the rules both sides share, the import rules): run once. */
const NO_DATABASE = ['src/web/**', 'src/shared/**', 'tests/lint/**'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
    // Tests that need a Redis server, or several instances on one PostgreSQL, run only where one is named
    // (npm run test:pg names both); those of the embedded database itself, and those of no database, only
    // where it is used.
    exclude: [
      'tests/e2e/**',
      'node_modules/**',
      ...(process.env.TEST_REDIS_URL ? [] : ['**/*.redis.test.ts']),
      ...(process.env.DATABASE_URL ? ['**/*.pglite.test.ts', ...NO_DATABASE] : ['**/*.postgres.test.ts']),
    ],
    globalSetup: ['tests/setup/database.ts'],
    setupFiles: ['tests/setup/no-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps its modules, and its embedded database, from one test file to the next: importing
    // the server and starting a database for every file cost more than half of the suite. So nothing a
    // test file needs may be set up at a shared module's top level (a hook there runs for the first file
    // alone): the helpers clean up per test (onTestFinished), the setup files per file.
    isolate: false,
    // Two workers at once keep both cores of the machine busy (the
    // default leaves one idle on a two-core machine); on PostgreSQL, whose server does much of the work,
    // a third keeps them busy while the others wait on it.
    maxWorkers: process.env.DATABASE_URL ? 3 : 2,
  },
});
