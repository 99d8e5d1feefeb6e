import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { prizesApi } from '../../../contract/prizes-api';
import { usersApi } from '../../../contract/users';

describe('GET /api/users/entries', () => {
  it('lists only the caller’s own prize entries, newest first, and refuses visitors', async () => {
    const t = await buildTestApp();
    const cash = await createPrize(t.db, t.clock.now(), { title: 'Cash', valuePence: 500_00 });
    const phone = await createPrize(t.db, t.clock.now(), { title: 'Phone' });
    const me = await createUser(t.db, { entries: 20 });
    const other = await createUser(t.db, { entries: 20 });
    const mine = await authHeader(t.db, me.id);
    const theirs = await authHeader(t.db, other.id);
    const enter = (id: string, headers: Record<string, string>, entries: number) =>
      inject(t, prizesApi.enter, { params: { id }, headers, body: { entries } });
    await enter(cash.id, mine, 2);
    t.clock.advance(60_000);
    await enter(phone.id, mine, 1);
    await enter(phone.id, theirs, 7);

    const res = await inject(t, usersApi.entries, { headers: mine });
    expect(res.statusCode).toBe(200);
    expect(res.data().entries.map((e) => [e.prize.title, e.entriesUsed])).toEqual([
      ['Phone', 1],
      ['Cash', 2],
    ]);
    expect(res.data().entries[1]!.prize.value).toBe(500);
    expect((await inject(t, usersApi.entries)).statusCode).toBe(401);
  });
});
