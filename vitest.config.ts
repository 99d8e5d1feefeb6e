import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
    // Tests that need a Redis server, or several instances on one PostgreSQL, run only where one is named
    // (npm run test:pg names both).
    exclude: [
      'tests/e2e/**',
      'node_modules/**',
      ...(process.env.TEST_REDIS_URL ? [] : ['**/*.redis.test.ts']),
      ...(process.env.DATABASE_URL ? [] : ['**/*.postgres.test.ts']),
    ],
    globalSetup: ['tests/setup/database.ts'],
    setupFiles: ['tests/setup/no-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each test file runs in a process of its own, mostly waiting on its database: two at once keep both
    // cores of the machine busy (the default leaves one idle on a two-core machine).
    maxWorkers: 2,
  },
});
