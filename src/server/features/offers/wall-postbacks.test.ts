import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { postbackFor, type SignedRequest, sendPostback } from '../../../../tests/helpers/offer-walls';
import { analyticsApi } from '../../../contract/analytics';
import { urlOf } from '../../../contract/endpoint';
import { OFFER_PROVIDERS, type OfferProvider, offersApi } from '../../../contract/offer-walls';
import { ledgerEntries, offerTransactions } from '../../db/schema';
import { addWall, SECRET, setUp, wallFor } from './test-setup';

/** Entries the member has from offers (an offer's credit can also unlock achievements, whose rewards are apart). */
const offerEntriesOf = async (t: TestApp, id: string) =>
  (
    await t.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, id), inArray(ledgerEntries.reason, ['offer', 'offer_reversal'])))
  ).reduce((n, r) => n + r.amount, 0);
/** The walls whose signature covers the entries they give; the others' entries follow the payout. */
const STATES_ENTRIES: OfferProvider[] = ['generic', 'revtoo', 'revlum'];
/** The walls whose signature does not cover whether a postback credits or takes back. */
const UNSIGNED_STATUS: OfferProvider[] = ['revtoo', 'revlum'];
const ANSWERS: Record<OfferProvider, string> = {
  generic: '1',
  bitlabs: 'OK',
  ayetstudios: 'OK',
  revtoo: 'ok',
  revlum: 'ok',
};

describe('offer walls', () => {
  for (const provider of OFFER_PROVIDERS) {
    it(`${provider}: credits a signed postback once, reverses it, and counts the revenue`, async () => {
      const { t, admin, member } = await setUp();
      const wall = await addWall(t, admin, wallFor(provider));
      const base = {
        wallId: wall._id,
        secret: SECRET,
        userId: member.id,
        transactionId: 'o1001',
        payout: '1.25',
      };
      const credit = postbackFor(provider, base);
      for (let i = 0; i < 3; i++) {
        const res = await sendPostback(t, credit);
        expect([res.statusCode, res.body]).toEqual([200, ANSWERS[provider]]);
      }
      // The entries the wall signs (the generic wall's amount, Revtoo's and Revlum's reward), or the
      // dollars at 0.79 a pound and the wall's rate; the revenue in pounds or dollars.
      const entries = STATES_ENTRIES.includes(provider)
        ? provider === 'generic'
          ? 10
          : 100
        : Math.floor(Math.round(1.25 * 0.79 * 100) * 10);
      const pence = provider === 'generic' ? 125 : Math.round(1.25 * 0.79 * 100);
      expect(await offerEntriesOf(t, member.id)).toBe(entries);
      const [row] = await t.db.select().from(offerTransactions);
      expect(row).toMatchObject({
        wallId: wall._id,
        amount: entries,
        payoutPence: pence,
        status: 'credited',
      });

      const walls = async () => (await inject(t, offersApi.adminWalls, { headers: admin })).json().walls;
      expect((await walls())[0].stats).toEqual({ credits: 1, reversals: 0, revenue: pence / 100, entries });
      const today = t.clock.now().toISOString().slice(0, 10);
      const analytics = async () =>
        (await inject(t, analyticsApi.days, { query: { from: today, to: today }, headers: admin })).data()
          .days[0]!;
      expect((await analytics()).offerRevenue).toBe(pence / 100);

      const reversal = postbackFor(provider, { ...base, reversal: true });
      for (let i = 0; i < 2; i++) expect((await sendPostback(t, reversal)).body).toBe(ANSWERS[provider]);
      expect(await offerEntriesOf(t, member.id)).toBe(0);
      expect((await walls())[0].stats).toEqual({ credits: 1, reversals: 1, revenue: 0, entries: 0 });
      expect((await analytics()).offerRevenue).toBe(0);

      // A reversal that arrives first makes its credit a no-op, when the provider signs that it is a
      // reversal; when it does not, it cannot be told from a captured credit with its status changed,
      // so it writes nothing.
      const early = { ...base, transactionId: 'o2002' };
      expect((await sendPostback(t, postbackFor(provider, { ...early, reversal: true }))).statusCode).toBe(
        200,
      );
      expect((await sendPostback(t, postbackFor(provider, early))).statusCode).toBe(200);
      expect(await offerEntriesOf(t, member.id)).toBe(UNSIGNED_STATUS.includes(provider) ? 100 : 0);
    });

    it(`${provider}: refuses what it did not sign, another wall's postback, strangers and bad amounts, crediting nothing`, async () => {
      const { t, admin, member } = await setUp();
      const wall = await addWall(
        t,
        admin,
        wallFor(provider, { ipAllowlist: ['203.0.113.0/24', '2001:db8::/32'] }),
      );
      const other = await addWall(t, admin, wallFor(provider, { secret: 'another-wall-secret' }));
      const base = {
        wallId: wall._id,
        secret: SECRET,
        userId: member.id,
        transactionId: 'o3003',
        payout: '0.50',
      };
      const from = '203.0.113.9';
      const refused = async (r: SignedRequest, status: number, address = from) => {
        const res = await sendPostback(t, r, address);
        expect([res.statusCode, res.body]).toEqual([status, expect.any(String)]);
        return res.json();
      };

      expect((await refused(postbackFor(provider, { ...base, secret: 'not-the-secret' }), 403)).code).toBe(
        'bad_signature',
      );
      // Signed for this wall, sent to another with its own secret.
      expect(
        (
          await refused(
            {
              ...postbackFor(provider, base),
              url: postbackFor(provider, base).url.replace(wall._id, other._id),
            },
            403,
          )
        ).code,
      ).toBe('bad_signature');
      const unsigned = postbackFor(provider, base);
      const stripped = {
        ...unsigned,
        url: unsigned.url.replace(/&(hash|signature)=[^&]*/, ''),
        headers: unsigned.headers && { ...unsigned.headers, 'x-ayetstudios-security-hash': '' },
        payload: unsigned.payload?.replace(/&signature=[^&]*/, ''),
      };
      // Without its signature: the generic scheme names the missing parameter, as it does any other.
      if (provider === 'generic') expect((await refused(stripped, 400)).error).toBe('signature is required');
      else expect((await refused(stripped, 403)).code).toBe('bad_signature');
      expect((await refused(postbackFor(provider, base), 403, '198.51.100.1')).code).toBe(
        'address_not_allowed',
      );
      expect(
        (
          await refused(
            postbackFor(provider, { ...base, wallId: '00000000-0000-4000-8000-000000000000' }),
            404,
          )
        ).error,
      ).toBe('Offer wall not found');
      const notAWall = urlOf(offersApi.wallPostbackGet, { params: { id: 'not-a-wall' } });
      expect((await refused({ method: 'GET', url: notAWall }, 404)).error).toBe('Offer wall not found');
      expect(
        (
          await refused(
            postbackFor(provider, { ...base, userId: '00000000-0000-4000-8000-000000000000' }),
            400,
          )
        ).code,
      ).toBe('unknown_user');
      for (const payout of ['-1.00', '0.123456789', '1e3', '5000', 'abc']) {
        const res = await sendPostback(t, postbackFor(provider, { ...base, payout }), from);
        expect([payout, res.statusCode, res.body]).toEqual([payout, 400, expect.any(String)]);
      }
      if (STATES_ENTRIES.includes(provider)) {
        // Revtoo's and Revlum's reward may be written "25.0": a fraction of an entry is dropped.
        for (const entries of provider === 'generic' ? [1.5, -1, 0] : [-1, 0])
          expect((await sendPostback(t, postbackFor(provider, { ...base, entries }), from)).statusCode).toBe(
            400,
          );
      } else
        expect((await refused(postbackFor(provider, { ...base, payout: '0.001' }), 400)).code).toBe(
          'payout_too_small',
        );

      expect(await offerEntriesOf(t, member.id)).toBe(0);
      expect(await t.db.select().from(offerTransactions)).toEqual([]);
      // An address on the list, signed: credited.
      expect((await sendPostback(t, postbackFor(provider, base), '2001:db8::7')).statusCode).toBe(200);
      expect(await offerEntriesOf(t, member.id)).toBeGreaterThan(0);
    });
  }

  it('takes Revtoo’s postback as multipart form data, as its docs say it posts', async () => {
    const { t, admin, member } = await setUp();
    const wall = await addWall(t, admin, wallFor('revtoo'));
    const get = postbackFor('revtoo', {
      wallId: wall._id,
      secret: SECRET,
      userId: member.id,
      transactionId: 'RT-1',
      payout: '1.00',
    });
    const fields = Object.fromEntries(new URL(`http://x${get.url}`).searchParams);
    const boundary = 'revtoo-boundary';
    const payload = `${Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('')}--${boundary}--\r\n`;
    const res = await rawInject(t, offersApi.wallPostbackPost, {
      params: { id: wall._id },
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect([res.statusCode, res.body]).toEqual([200, 'ok']);
    expect(await offerEntriesOf(t, member.id)).toBe(100);
  });
});
