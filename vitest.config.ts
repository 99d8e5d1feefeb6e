import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
    // Tests that need a Redis server, or several instances on one PostgreSQL, run only where one is named
    // (npm run test:pg names both); those of the embedded database itself only where it is used.
    exclude: [
      'tests/e2e/**',
      'node_modules/**',
      ...(process.env.TEST_REDIS_URL ? [] : ['**/*.redis.test.ts']),
      ...(process.env.DATABASE_URL ? ['**/*.pglite.test.ts'] : ['**/*.postgres.test.ts']),
    ],
    globalSetup: ['tests/setup/database.ts'],
    setupFiles: ['tests/setup/no-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each test file runs in a process of its own: two at once keep both cores of the machine busy (the
    // default leaves one idle on a two-core machine); on PostgreSQL, whose server does much of the work,
    // a third keeps them busy while the others wait on it.
    maxWorkers: process.env.DATABASE_URL ? 3 : 2,
  },
});
