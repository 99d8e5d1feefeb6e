import { expect, onTestFinished } from 'vitest';
import { appContext, type BuildAppOptions, buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { defaultRateLimits, type RateLimits } from '../../src/server/rate-limits';
import { answersChecked } from './answers';
import { TestClock } from './clock';
import { freshDatabase, recycle } from './db';

const generous = { max: 10_000, timeWindow: 60_000 };
const noLimits: RateLimits = Object.fromEntries(
  Object.keys(defaultRateLimits).map((k) => [k, generous]),
) as unknown as RateLimits;

/** Answers that broke their endpoint's definition in this test (answers.ts). */
const offDefinition: string[] = [];

/**
 * The whole app on a fresh database of its own, closed after the test.
 * Rate limits are out of the way unless a test asks for the real ones.
 */
export async function buildTestApp(
  overrides: Partial<Omit<BuildAppOptions, 'database'>> & { env?: Record<string, string> } = {},
) {
  const database = await freshDatabase();
  const clock = (overrides.clock as TestClock | undefined) ?? new TestClock();
  // Prizes that close soon after they open are how most tests reach a draw: the minimum period is off.
  const config =
    overrides.config ?? loadConfig({ LOG_LEVEL: 'silent', PRIZE_MIN_OPEN_HOURS: '0', ...overrides.env });
  // Made here, so a test can clear the reads the app keeps after writing behind its back.
  const ctx =
    overrides.ctx ??
    appContext({ ...overrides, limits: overrides.limits ?? noLimits, config, database, clock });
  const app = await buildApp({
    logger: false,
    onAnswer: answersChecked(offDefinition),
    ...overrides,
    config,
    database,
    clock,
    ctx,
  });
  // Per test, not a file-wide afterEach: a hook a shared module registers would run for the first file alone
  // in a worker that keeps its modules from one test file to the next.
  onTestFinished(async () => {
    await app.close();
    if (!overrides.ctx) await ctx.live.stop();
    // A checkpoint the test's entries asked for is signed before its database goes to the next test.
    if (!overrides.ctx) await ctx.log.flush();
    await recycle(database);
    const found = offDefinition.splice(0);
    expect(found, 'answers that their endpoint definitions do not describe').toEqual([]);
  });
  return { app, ctx, db: database.db, database, clock: clock as TestClock, config };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
