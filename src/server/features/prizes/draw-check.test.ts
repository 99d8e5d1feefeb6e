import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { closedPrize } from '../../../../tests/helpers/prizes';
import { drawsApi } from '../../../contract/draws';
import { prizes } from '../../db/schema';

describe('the hourly draw check', () => {
  const check = (t: TestApp, headers: Record<string, string>) => inject(t, drawsApi.check, { headers });

  it('closes ended prizes, and draws them on the draw day from 8 PM UK time, once', async () => {
    const t = await buildTestApp();
    t.clock.set('2026-11-27T19:30:00Z'); // Friday, 7:30 PM in London
    const { prize, admin } = await closedPrize(t);
    const short = await closedPrize(t, { people: 1, minimumEntries: 5 });

    expect((await check(t, admin)).data().message).toBe('Draw check complete: 2 closed, 0 drawn');
    const [ready] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    expect(ready!.status).toBe('ready_to_draw');

    t.clock.set('2026-11-27T20:05:00Z');
    expect((await check(t, admin)).data().message).toBe('Draw check complete: 0 closed, 1 drawn');
    expect((await check(t, admin)).data().message).toBe('Draw check complete: 0 closed, 0 drawn');
    const [notDrawn] = await t.db.select().from(prizes).where(eq(prizes.id, short.prize.id));
    expect(notDrawn!.status).toBe('ready_to_draw');
  });

  it('draws a prize closing at a month end that is a Friday, and waits when the month ends midweek', async () => {
    const t = await buildTestApp();
    t.clock.set('2027-04-30T19:10:00Z'); // Friday 30 April 2027, 8:10 PM BST
    const { admin } = await closedPrize(t);
    expect((await check(t, admin)).data().message).toBe('Draw check complete: 1 closed, 1 drawn');

    t.clock.set('2027-03-31T21:00:00Z'); // Wednesday 31 March: closes, but waits for Friday
    const midweek = await closedPrize(t);
    expect((await check(t, admin)).data().message).toBe('Draw check complete: 1 closed, 0 drawn');
    t.clock.set('2027-04-02T19:00:00Z'); // Friday 2 April, 8 PM BST
    expect((await check(t, admin)).data().message).toBe('Draw check complete: 0 closed, 1 drawn');
    const [row] = await t.db.select().from(prizes).where(eq(prizes.id, midweek.prize.id));
    expect(row!.status).toBe('drawn');
  });

  it('follows British Summer Time: 19:00 UTC on a July Friday is 8 PM in London', async () => {
    const t = await buildTestApp();
    t.clock.set('2026-07-03T19:00:00Z');
    const { admin } = await closedPrize(t);
    expect((await check(t, admin)).data().message).toBe('Draw check complete: 1 closed, 1 drawn');
  });
});
