import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { type AdCallbackQuery, tasksApi } from '../../../contract/tasks';
import { ledgerEntries, users } from '../../db/schema';
import { adCallbackSignature } from './ad-network';
import { complete, setUp, start } from './test-setup';

const SECRET = 'ad-network-secret-0123456789';

/** A callback as the network signs it, for the ad a member started. */
function signed(t: TestApp, fields: { user_id: string; ad_id: string; reward?: string; at?: number }) {
  const unsigned = {
    user_id: fields.user_id,
    ad_id: fields.ad_id,
    reward: fields.reward ?? '2',
    timestamp: String(Math.floor((fields.at ?? t.clock.now().getTime()) / 1000)),
  };
  return { ...unsigned, signature: adCallbackSignature(SECRET, unsigned) };
}
const callback = (t: TestApp, query: object) =>
  inject(t, tasksApi.adCallback, { query: query as AdCallbackQuery });
/** What the member was paid for ads, through the ledger. */
const adPay = async (t: TestApp, id: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id)))
    .filter((r) => r.reason === 'ad')
    .map((r) => r.amount);

describe('a rewarded-ad network', () => {
  it('pays an ad only from its signed callback, once, the member having opted in to it', async () => {
    const t = await buildTestApp({ env: { AD_REWARD_SECRET: SECRET } });
    const { video, auth, user } = await setUp(t);
    const started = await start(t, video.id, auth);
    expect(started.data()).toMatchObject({ network: true });
    const adId = started.data().ticket;
    // The demo's claim is closed: only the network's word pays.
    t.clock.advance(31_000);
    const claimed = await complete(t, video.id, auth, { ticket: adId });
    expect([claimed.statusCode, claimed.json().code]).toEqual([400, 'ad_by_network']);

    const good = signed(t, { user_id: user.id, ad_id: adId });
    const refusals: [object, number, string][] = [
      [{ ...good, signature: '0'.repeat(64) }, 401, 'bad_signature'],
      // A field changed after signing: an amount nobody signed is never credited.
      [{ ...good, reward: '200' }, 401, 'bad_signature'],
      [
        signed(t, { user_id: user.id, ad_id: adId, at: t.clock.now().getTime() - 301_000 }),
        401,
        'bad_signature',
      ],
      [signed(t, { user_id: user.id, ad_id: adId, reward: '5' }), 400, 'reward_mismatch'],
      [signed(t, { user_id: user.id, ad_id: 'never-started-ad-0000000' }), 400, 'unknown_ad'],
      [{ ...good, timestamp: 'soon' }, 400, 'validation_failed'],
      [{ user_id: user.id, ad_id: adId }, 400, 'validation_failed'],
    ];
    for (const [query, status, code] of refusals) {
      const res = await callback(t, query);
      expect([res.statusCode, res.json().code], JSON.stringify(query)).toEqual([status, code]);
    }
    expect(await adPay(t, user.id)).toEqual([]);

    // Sent twice at once, as networks retry: paid once.
    const [a, b] = await Promise.all([callback(t, good), callback(t, good)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await callback(t, good)).json().code).toBe('ad_seen');
    expect(await adPay(t, user.id)).toEqual([2]);
  });

  it('keeps ads apart by the minimum gap, refuses the self-excluded, and is off without a secret', async () => {
    const t = await buildTestApp({ env: { AD_REWARD_SECRET: SECRET } });
    const { video, auth, user } = await setUp(t);
    const first = (await start(t, video.id, auth)).data().ticket;
    const second = (await start(t, video.id, auth)).data().ticket;
    expect((await callback(t, signed(t, { user_id: user.id, ad_id: first }))).statusCode).toBe(200);
    const tooSoon = await callback(t, signed(t, { user_id: user.id, ad_id: second }));
    expect([tooSoon.statusCode, tooSoon.json().code]).toEqual([429, 'too_soon']);
    t.clock.advance(30_000);
    expect((await callback(t, signed(t, { user_id: user.id, ad_id: second }))).statusCode).toBe(200);

    const excluded = await createUser(t.db);
    const headers = await authHeader(t.db, excluded.id);
    const theirs = (await start(t, video.id, headers)).data().ticket;
    await t.db
      .update(users)
      .set({ selfExcludedUntil: new Date(t.clock.now().getTime() + 86_400_000) })
      .where(eq(users.id, excluded.id));
    const refused = await callback(t, signed(t, { user_id: excluded.id, ad_id: theirs }));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'self_excluded']);

    const off = await buildTestApp();
    const demo = await setUp(off);
    const ticket = (await start(off, demo.video.id, demo.auth)).data().ticket;
    expect((await callback(off, signed(off, { user_id: demo.user.id, ad_id: ticket }))).statusCode).toBe(404);
  });
});
