import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { drawsApi } from '../../src/contract/draws';
import type { Input } from '../../src/contract/endpoint';
import type { CreatePrizeBody } from '../../src/contract/prizes';
import { prizesApi } from '../../src/contract/prizes-api';
import type { Executor } from '../../src/server/db/client';
import { prizes } from '../../src/server/db/schema';
import { snapshotParticipants } from '../../src/server/features/prizes/snapshot';
import { authHeader, createPrize, createUser } from '../factories';
import type { TestApp } from './app';
import { inject } from './inject';

// Friday 27 November 2026, 20:30 in London (GMT).
export const FRIDAY_EVENING = '2026-11-27T20:30:00Z';
export const HOUR = 3_600_000;

/** A prize that closed an hour ago with `people` entered, holding 1, 2, 3… entries, and an admin to draw it. */
export async function closedPrize(
  t: TestApp,
  opts: { people?: number; totalWinners?: number; minimumEntries?: number } = {},
) {
  const now = t.clock.now();
  const prize = await createPrize(t.db, new Date(now.getTime() - 8 * 24 * HOUR), {
    totalWinners: opts.totalWinners ?? 2,
    minimumEntries: opts.minimumEntries ?? 0,
  });
  const people = [];
  for (let i = 0; i < (opts.people ?? 4); i++) {
    const user = await createUser(t.db, { entries: 20, username: `Person ${i + 1}` });
    const auth = await authHeader(t.db, user.id);
    // Enter while the prize was open, then close it.
    t.clock.set(new Date(now.getTime() - 2 * 24 * HOUR).toISOString());
    const res = await inject(t, prizesApi.enter, {
      params: { id: prize.id },
      headers: auth,
      body: { entries: i + 1 },
    });
    expect(res.statusCode).toBe(200);
    t.clock.set(now.toISOString());
    people.push(user);
  }
  await t.db
    .update(prizes)
    .set({ endDate: new Date(now.getTime() - HOUR) })
    .where(eq(prizes.id, prize.id));
  const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
  return { prize, people, admin };
}

/** Draws a prize as `headers` ask; a payload off the contract is sent as it is, to see it refused. */
export const draw = (t: TestApp, id: string, headers: Record<string, string>, payload?: object) =>
  inject(t, drawsApi.draw, { params: { id }, headers, body: payload as Input<typeof drawsApi.draw>['body'] });

/** What an admin sends to create a live prize: every field a real request would carry. */
export const validPrizeBody = {
  title: 'Nintendo Switch 2',
  description: 'The new console.',
  type: 'physical',
  value: 395.99,
  startDate: '2026-11-20T00:00:00Z',
  endDate: '2026-12-04T20:00:00Z',
  status: 'active',
  totalWinners: 2,
  entryCost: 2,
  maxEntriesPerUser: 80,
  featured: true,
} satisfies CreatePrizeBody;

/** Everyone in a prize's frozen snapshot, as its proof lists them. */
export async function frozenParticipants(db: Executor, prizeId: string) {
  const all = [];
  for await (const p of snapshotParticipants(db, prizeId)) all.push(p);
  return all;
}
