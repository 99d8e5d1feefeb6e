import { describe, expect, it } from 'vitest';
import { createPrize } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { closedPrize, draw, FRIDAY_EVENING } from '../../../../tests/helpers/prizes';
import { adminApi } from '../../../contract/admin';
import { winsApi } from '../../../contract/wins';

describe('winners admin', () => {
  it('lists winners with their email for admins, and marks one notified', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, admin } = await closedPrize(t, { totalWinners: 1 });
    const [winner] = (await draw(t, prize.id, admin)).data().winners;

    const list = (await inject(t, winsApi.adminList, { headers: admin })).data().winners;
    expect(list).toEqual([
      {
        user: { _id: winner!._id, username: winner!.username, email: winner!.email },
        prize: { _id: prize.id, title: prize.title, value: 100 },
        drawnAt: new Date(FRIDAY_EVENING).toISOString(),
        position: 1,
        notified: false,
        // The notice is written with the draw; its email is queued once it is sent on.
        email: null,
        claimed: false,
        forfeitReason: null,
        prizeType: 'cash',
        payoutId: null,
        delivery: null,
      },
    ]);
    const notify = (prizeId: string, userId: string) =>
      inject(t, winsApi.notify, { params: { prizeId, userId }, headers: admin });
    const res = await notify(prize.id, winner!._id);
    expect(res.json()).toEqual({ message: 'Winner marked as notified' });
    expect((await inject(t, winsApi.adminList, { headers: admin })).data().winners[0]!.notified).toBe(true);
    const missing = await notify(prize.id, prize.id);
    expect(missing.statusCode).toBe(404);
    expect((await notify('x', 'y')).statusCode).toBe(404);
  });

  it('counts the site for the admin dashboard', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, admin } = await closedPrize(t, { people: 2 });
    await createPrize(t.db, t.clock.now(), { valuePence: 50_00 });
    await draw(t, prize.id, admin);
    const { stats } = (await inject(t, adminApi.stats, { headers: admin })).data();
    expect(stats).toEqual({
      totalUsers: 3,
      totalPrizes: 2,
      drawnPrizes: 1,
      activePrizes: 1,
      totalPrizeValue: 150,
      totalTasks: 0,
    });
  });
});
