import { afterEach, expect } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { defaultRateLimits, type RateLimits } from '../../src/server/rate-limits';
import { answersChecked } from './answers';
import { TestClock } from './clock';
import { freshDatabase, recycle } from './db';

const generous = { max: 10_000, timeWindow: 60_000 };
const noLimits: RateLimits = Object.fromEntries(
  Object.keys(defaultRateLimits).map((k) => [k, generous]),
) as unknown as RateLimits;

const open: Array<() => Promise<void>> = [];
/** Answers that broke their endpoint's definition in this test (answers.ts). */
const offDefinition: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
  const found = offDefinition.splice(0);
  expect(found, 'answers that their endpoint definitions do not describe').toEqual([]);
});

/**
 * The whole app on a fresh database of its own, closed after the test.
 * Rate limits are out of the way unless a test asks for the real ones.
 */
export async function buildTestApp(
  overrides: Partial<Omit<BuildAppOptions, 'database'>> & { env?: Record<string, string> } = {},
) {
  const database = await freshDatabase();
  const clock = (overrides.clock as TestClock | undefined) ?? new TestClock();
  const config = overrides.config ?? loadConfig({ LOG_LEVEL: 'silent', ...overrides.env });
  const app = await buildApp({
    logger: false,
    limits: noLimits,
    // Most tests write straight to the database, which no cache would notice; the cache's own tests turn it on.
    publicCacheMs: 0,
    onAnswer: answersChecked(offDefinition),
    ...overrides,
    config,
    database,
    clock,
  });
  open.push(async () => {
    await app.close();
    await recycle(database);
  });
  return { app, db: database.db, database, clock: clock as TestClock, config };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
