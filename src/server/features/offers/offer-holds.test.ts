import { describe, expect, it } from 'vitest';
import { authHeader } from '../../../../tests/factories';
import { inject } from '../../../../tests/helpers/inject';
import { postbackFor, sendPostback } from '../../../../tests/helpers/offer-walls';
import { offersApi } from '../../../contract/offer-walls';
import { usersApi } from '../../../contract/users';
import { addWall, SECRET, setUp, wallFor } from './test-setup';

const DAY = 86_400_000;

describe('offer credits a provider may still reverse', () => {
  it('say until when in the member’s history, by their wall’s hold days, and no more once final or reversed', async () => {
    const { t, admin, member } = await setUp();
    const headers = await authHeader(t.db, member.id);
    const held = await addWall(t, admin, wallFor('generic', { holdDays: 14 }));
    const usual = await addWall(t, admin, { ...wallFor('generic'), name: 'Second wall' });
    const credit = (wallId: string, transactionId: string, reversal = false) =>
      sendPostback(
        t,
        postbackFor('generic', {
          wallId,
          secret: SECRET,
          userId: member.id,
          transactionId,
          payout: '1.25',
          reversal,
        }),
      );
    const creditedAt = t.clock.now().getTime();
    expect((await credit(held._id, 'h1')).statusCode).toBe(200);
    expect((await credit(usual._id, 'u1')).statusCode).toBe(200);
    const pending = async () =>
      (await inject(t, usersApi.history, { headers })).data().entries.filter((e) => e.reason === 'offer');
    expect((await pending()).map((e) => e.reversibleUntil).sort()).toEqual([
      new Date(creditedAt + 14 * DAY).toISOString(),
      new Date(creditedAt + 30 * DAY).toISOString(),
    ]);
    const walls = (await inject(t, offersApi.adminWalls, { headers: admin })).data().walls;
    expect(walls.map((w) => w.holdDays).sort()).toEqual([14, 30]);

    // Past its hold, a credit is final; the other still pending.
    t.clock.advance(15 * DAY);
    expect((await pending()).map((e) => e.reversibleUntil)).toEqual(
      expect.arrayContaining([null, new Date(creditedAt + 30 * DAY).toISOString()]),
    );
    // Reversed, nothing is pending any more.
    expect((await credit(usual._id, 'u1', true)).statusCode).toBe(200);
    expect((await pending()).every((e) => e.reversibleUntil === null)).toBe(true);

    const bad = await inject(t, offersApi.addWall, {
      headers: admin,
      body: { ...wallFor('generic'), holdDays: -1 },
    });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'Hold days must be 0 or more']);
  });
});
