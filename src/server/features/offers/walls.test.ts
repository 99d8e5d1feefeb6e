import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { postbackFor, type SignedRequest } from '../../../../tests/helpers/offer-walls';
import { analyticsApi } from '../../../contract/analytics';
import { OFFER_PROVIDERS, type OfferProvider } from '../../../contract/offer-walls';
import { loadConfig } from '../../config';
import { auditLog, ledgerEntries, offerTransactions } from '../../db/schema';
import { postbackWarning } from './wall-service';

type Headers = Record<string, string>;
const SECRET = 'wall-secret-0123456789';

const wallFor = (provider: OfferProvider, extra: Record<string, unknown> = {}) => ({
  name: `${provider} wall`,
  provider,
  frameUrl: `https://offers.${provider}.example/wall?uid={userId}`,
  secret: SECRET,
  entriesPerPound: 1000,
  ...extra,
});

async function setUp() {
  const t = await buildTestApp();
  const admin = await authHeader(t.db, (await createUser(t.db, { isAdmin: true })).id);
  const member = await createUser(t.db);
  return { t, admin, member };
}

const addWall = async (t: TestApp, admin: Headers, body: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/offerwalls',
    headers: admin,
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().wall as { _id: string; postbackUrl: string };
};
const send = (t: TestApp, r: SignedRequest, remoteAddress?: string) =>
  t.app.inject({ method: r.method, url: r.url, headers: r.headers, payload: r.payload, remoteAddress });
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
  it('warn when their postback addresses cannot work: SITE_URL unset or not https', () => {
    const at = (env: Record<string, string>) => postbackWarning(loadConfig(env));
    expect(at({})).toContain('SITE_URL is not set');
    expect(at({ SITE_URL: 'http://prizedraw.example' })).toContain('is not https');
    expect(at({ SITE_URL: 'https://prizedraw.example' })).toBeNull();
  });

  it('are set up by admins, each change in the audit log, the secret taken but never given back', async () => {
    const { t, admin, member } = await setUp();
    const walls = [];
    for (const provider of OFFER_PROVIDERS) walls.push(await addWall(t, admin, wallFor(provider)));
    const list = await t.app.inject({ url: '/api/admin/offerwalls', headers: admin });
    expect(
      list
        .json()
        .walls.map((w: { provider: string }) => w.provider)
        .sort(),
    ).toEqual([...OFFER_PROVIDERS].sort());
    expect(list.body).not.toContain(SECRET);
    // The test site has no SITE_URL: the tab says the addresses cannot be reached.
    expect(list.json().postbackWarning).toMatch(
      /^SITE_URL is not set, so these postback addresses start with http:\/\/localhost:3000/,
    );
    const bitlabs = walls[1]!;
    expect(bitlabs.postbackUrl).toBe(
      `http://localhost:3000/api/offers/postback/${bitlabs._id}?uid=[%USER:UID%]&tx=[%TX%]&usd=[%VALUE:USD%]&type=[%TYPE%]&ref=[%REF%]&state=[%OFFER_STATE%]`,
    );

    const put = (id: string, payload: object, headers = admin) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/offerwalls/${id}`, headers, payload });
    const changed = await put(bitlabs._id, {
      active: false,
      secret: 'a-new-secret-456',
      entriesPerPound: 800,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().wall).toMatchObject({ active: false, entriesPerPound: 800 });
    expect(changed.body).not.toContain('a-new-secret-456');

    const audit = await t.db.select().from(auditLog).orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual([
      ...OFFER_PROVIDERS.map(() => 'offerwall.create'),
      'offerwall.update',
    ]);
    expect(audit.at(-1)).toMatchObject({
      summary: 'Changed the offer wall "bitlabs wall": entriesPerPound, active, secret',
      changes: {
        before: { active: true, entriesPerPound: 1000, secret: 'hidden' },
        after: { active: false, entriesPerPound: 800, secret: 'replaced' },
      },
    });
    expect(JSON.stringify(audit)).not.toContain(SECRET);

    // Members see the active walls, each framed for them.
    const mine = await t.app.inject({ url: '/api/offers/walls', headers: await authHeader(t.db, member.id) });
    const shown = mine.json().walls as Array<{ name: string; url: string }>;
    expect(shown.map((w) => w.name).sort()).toEqual(
      OFFER_PROVIDERS.filter((p) => p !== 'bitlabs')
        .map((p) => `${p} wall`)
        .sort(),
    );
    expect(shown.find((w) => w.name === 'generic wall')!.url).toBe(
      `https://offers.generic.example/wall?uid=${member.id}`,
    );

    // Refused: bad input, members, visitors, a wall that does not exist.
    for (const bad of [
      wallFor('generic', { provider: 'offertoro' }),
      wallFor('generic', { frameUrl: 'http://offers.example/wall?uid={userId}' }),
      wallFor('generic', { frameUrl: 'https://offers.example/wall' }),
      wallFor('generic', { secret: 'short' }),
      wallFor('generic', { entriesPerPound: 0 }),
      wallFor('generic', { entriesPerPound: 1.5 }),
      wallFor('generic', { ipAllowlist: ['not an address'] }),
      { ...wallFor('generic'), extra: true },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/offerwalls',
        headers: admin,
        payload: bad,
      });
      expect(res.statusCode).toBe(400);
    }
    const memberHeaders = await authHeader(t.db, member.id);
    expect((await t.app.inject({ url: '/api/admin/offerwalls', headers: memberHeaders })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/admin/offerwalls' })).statusCode).toBe(401);
    expect((await put(bitlabs._id, { active: true }, memberHeaders)).statusCode).toBe(403);
    expect((await put('00000000-0000-4000-8000-000000000000', { active: true })).statusCode).toBe(404);
    expect((await put(bitlabs._id, { secret: 'x' })).statusCode).toBe(400);
  });

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
        const res = await send(t, credit);
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

      const walls = async () =>
        (await t.app.inject({ url: '/api/admin/offerwalls', headers: admin })).json().walls;
      expect((await walls())[0].stats).toEqual({ credits: 1, reversals: 0, revenue: pence / 100, entries });
      const today = t.clock.now().toISOString().slice(0, 10);
      const analytics = async () =>
        (await inject(t, analyticsApi.days, { query: { from: today, to: today }, headers: admin })).data()
          .days[0]!;
      expect((await analytics()).offerRevenue).toBe(pence / 100);

      const reversal = postbackFor(provider, { ...base, reversal: true });
      for (let i = 0; i < 2; i++) expect((await send(t, reversal)).body).toBe(ANSWERS[provider]);
      expect(await offerEntriesOf(t, member.id)).toBe(0);
      expect((await walls())[0].stats).toEqual({ credits: 1, reversals: 1, revenue: 0, entries: 0 });
      expect((await analytics()).offerRevenue).toBe(0);

      // A reversal that arrives first makes its credit a no-op, when the provider signs that it is a
      // reversal; when it does not, it cannot be told from a captured credit with its status changed,
      // so it writes nothing.
      const early = { ...base, transactionId: 'o2002' };
      expect((await send(t, postbackFor(provider, { ...early, reversal: true }))).statusCode).toBe(200);
      expect((await send(t, postbackFor(provider, early))).statusCode).toBe(200);
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
        const res = await send(t, r, address);
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
      expect((await refused({ method: 'GET', url: '/api/offers/postback/not-a-wall' }, 404)).error).toBe(
        'Offer wall not found',
      );
      expect(
        (
          await refused(
            postbackFor(provider, { ...base, userId: '00000000-0000-4000-8000-000000000000' }),
            400,
          )
        ).code,
      ).toBe('unknown_user');
      for (const payout of ['-1.00', '0.123456789', '1e3', '5000', 'abc']) {
        const res = await send(t, postbackFor(provider, { ...base, payout }), from);
        expect([payout, res.statusCode, res.body]).toEqual([payout, 400, expect.any(String)]);
      }
      if (STATES_ENTRIES.includes(provider)) {
        // Revtoo's and Revlum's reward may be written "25.0": a fraction of an entry is dropped.
        for (const entries of provider === 'generic' ? [1.5, -1, 0] : [-1, 0])
          expect((await send(t, postbackFor(provider, { ...base, entries }), from)).statusCode).toBe(400);
      } else
        expect((await refused(postbackFor(provider, { ...base, payout: '0.001' }), 400)).code).toBe(
          'payout_too_small',
        );

      expect(await offerEntriesOf(t, member.id)).toBe(0);
      expect(await t.db.select().from(offerTransactions)).toEqual([]);
      // An address on the list, signed: credited.
      expect((await send(t, postbackFor(provider, base), '2001:db8::7')).statusCode).toBe(200);
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
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/offers/postback/${wall._id}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect([res.statusCode, res.body]).toEqual([200, 'ok']);
    expect(await offerEntriesOf(t, member.id)).toBe(100);
  });
});
