import { createHash, createHmac } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { rawInject } from '../../../../tests/helpers/inject';
import { postbackFor, sendPostback } from '../../../../tests/helpers/offer-walls';
import { offerWallEnv, signedPostback } from '../../../../tests/helpers/offers';
import { urlOf } from '../../../contract/endpoint';
import { type OfferProvider, offersApi } from '../../../contract/offer-walls';
import { ledgerEntries, offerTransactions, users } from '../../db/schema';
import { addWall, SECRET, wallFor } from './test-setup';

/** What one captured postback address lets someone try (DESIGN §15, "a provider's values come only from what its signature covers"). */

async function setUp(provider: OfferProvider) {
  const t = await buildTestApp({ env: offerWallEnv });
  const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
  const member = await createUser(t.db);
  const other = await createUser(t.db);
  const wallId = (await addWall(t, admin, wallFor(provider)))._id;
  const signed = (
    transactionId: string,
    extra: { payout?: string; reversal?: boolean; userId?: string } = {},
  ) =>
    postbackFor(provider, {
      wallId,
      secret: SECRET,
      userId: member.id,
      transactionId,
      payout: '1.00',
      ...extra,
    });
  return { t, member, other, signed, wallId };
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const offerEntriesOf = async (t: TestApp, id: string) =>
  (
    await t.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, id), inArray(ledgerEntries.reason, ['offer', 'offer_reversal'])))
  ).reduce((n, r) => n + r.amount, 0);

describe('a captured postback address', () => {
  it('BitLabs: cannot be re-sent with other values in a body or after its hash', async () => {
    const { t, member, other, signed } = await setUp('bitlabs');
    const genuine = signed('o1');
    expect((await sendPostback(t, genuine)).statusCode).toBe(200);
    const credited = await offerEntriesOf(t, member.id);
    expect(credited).toBe(790);

    // The same signed address POSTed with a new transaction, a huge payout or another member in its body.
    const bodies: Array<Record<string, string>> = [{ tx: 'o2', usd: '999' }, { uid: other.id }, { tx: 'o3' }];
    for (const body of bodies) {
      const res = await sendPostback(t, { method: 'POST', url: genuine.url, ...form(body) });
      expect([res.statusCode, res.json().code]).toEqual([400, 'bad_postback']);
    }
    // Values added after the hash, which it does not cover: a key it signed, given again, or a new one.
    for (const [tail, status] of [
      ['&tx=o4', 400],
      [`&uid=${other.id}`, 400],
      ['&usd=999', 400],
      ['&val=999', 403],
    ] as const) {
      const res = await sendPostback(t, { method: 'GET', url: `${genuine.url}${tail}` });
      expect([tail, res.statusCode]).toEqual([tail, status]);
    }
    expect(await offerEntriesOf(t, member.id)).toBe(credited);
    expect(await offerEntriesOf(t, other.id)).toBe(0);
    expect(await t.db.select().from(offerTransactions)).toHaveLength(1);
  });

  it('BitLabs: a stateful transaction credits once when completed and is reversed once when reconciled', async () => {
    const { t, member, wallId } = await setUp('bitlabs');
    const stateful = (type: string, state: string) => {
      const url = `${urlOf(offersApi.wallPostbackGet, { params: { id: wallId } })}?uid=${member.id}&tx=o77&usd=2.50&type=${type}&ref=&state=${state}`;
      return `${url}&hash=${createHmac('sha1', SECRET).update(`http://localhost:3000${url}`).digest('hex')}`;
    };
    const get = async (url: string) => (await sendPostback(t, { method: 'GET', url })).statusCode;
    expect(await get(stateful('COMPLETE', 'PENDING'))).toBe(200);
    expect(await offerEntriesOf(t, member.id)).toBe(0);
    expect(await t.db.select().from(offerTransactions)).toEqual([]);
    for (let i = 0; i < 2; i++) expect(await get(stateful('COMPLETE', 'COMPLETED'))).toBe(200);
    expect(await offerEntriesOf(t, member.id)).toBe(Math.round(2.5 * 0.79 * 100) * 10);
    for (let i = 0; i < 2; i++) expect(await get(stateful('RECONCILIATION', 'RECONCILED'))).toBe(200);
    expect(await offerEntriesOf(t, member.id)).toBe(0);
    const [row] = await t.db.select().from(offerTransactions);
    expect(row).toMatchObject({ transactionId: `${wallId}:o77`, status: 'reversed' });
  });

  for (const provider of ['revtoo', 'revlum'] as const) {
    it(`${provider}: gives the signed reward whatever the unsigned payout says, and a changed status takes nothing that is not there`, async () => {
      const { t, member, signed } = await setUp(provider);
      const low = signed('T-1', { payout: '1.00' });
      expect((await sendPostback(t, low)).statusCode).toBe(200);
      expect(await offerEntriesOf(t, member.id)).toBe(100);
      // The same signed triple with payout=999 is the same transaction: nothing more.
      const high = signed('T-1', { payout: '999' });
      expect((await sendPostback(t, high)).statusCode).toBe(200);
      // A new transaction the provider signed, with its payout raised in transit: still the signed reward.
      expect((await sendPostback(t, signed('T-2', { payout: '999' }))).statusCode).toBe(200);
      expect(await offerEntriesOf(t, member.id)).toBe(200);
      const rows = await t.db.select().from(offerTransactions);
      expect(rows.map((r) => [r.transactionId.split(':')[1], r.amount])).toEqual([
        ['T-1', 100],
        ['T-2', 100],
      ]);

      // A captured credit with its status changed to 2, for a transaction that was never credited: nothing.
      expect((await sendPostback(t, signed('T-3', { reversal: true }))).statusCode).toBe(200);
      expect(await t.db.select().from(offerTransactions)).toHaveLength(2);
      // ... and the genuine credit, when it comes, is still paid.
      expect((await sendPostback(t, signed('T-3'))).statusCode).toBe(200);
      expect(await offerEntriesOf(t, member.id)).toBe(300);
    });
  }

  it('Revtoo: a signature credits once, however its fields are split between transId and reward', async () => {
    const { t, member, wallId } = await setUp('revtoo');
    // md5(subId . transId . reward . secret) with nothing between: TX-98765 and 50 sign as TX-9 and 876550.
    const signature = createHash('md5').update(`${member.id}TX-9876550${SECRET}`).digest('hex');
    const send = (transId: string, reward: string) =>
      rawInject(t, offersApi.wallPostbackGet, {
        params: { id: wallId },
        query: { subId: member.id, transId, reward, payout: '0.50', status: '1', signature },
      });
    expect((await send('TX-98765', '50')).statusCode).toBe(200);
    expect(await offerEntriesOf(t, member.id)).toBe(50);
    for (const [transId, reward] of [
      ['TX-9876', '550'],
      ['TX-9', '876550'],
    ])
      await send(transId!, reward!);
    expect(await offerEntriesOf(t, member.id)).toBe(50);
    expect(await t.db.select().from(offerTransactions)).toHaveLength(1);
  });

  it('generic: refuses a key given twice, or parameters in both the address and the body', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const member = await createUser(t.db);
    const params = signedPostback({ user_id: member.id, transaction_id: 'g-1', amount: '40', status: '1' });
    const query = new URLSearchParams(params).toString();
    const twice = await rawInject(t, offersApi.postbackGet, { query: `${query}&amount=9999` });
    expect([twice.statusCode, twice.json().error]).toEqual([400, 'amount is given more than once']);
    const both = await rawInject(t, offersApi.postbackPost, { query, ...form({ amount: '9999' }) });
    expect([both.statusCode, both.json().code]).toEqual([400, 'bad_postback']);
    const repeatedField = await rawInject(t, offersApi.postbackPost, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${query}&amount=9999`,
    });
    expect([repeatedField.statusCode, repeatedField.json().error]).toEqual([
      400,
      'amount is given more than once',
    ]);
    expect(await offerEntriesOf(t, member.id)).toBe(0);
  });

  it('credits nothing to a member who has deleted their account', async () => {
    const { t, member, signed } = await setUp('revtoo');
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, member.id));
    const res = await sendPostback(t, signed('T-9'));
    expect([res.statusCode, res.json().code]).toEqual([400, 'account_deleted']);
    expect(await offerEntriesOf(t, member.id)).toBe(0);
    expect(await t.db.select().from(offerTransactions)).toEqual([]);
  });
});
