import { describe, expect, it } from 'vitest';
import { authHeader, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { authApi } from '../../../contract/auth';
import { membersApi } from '../../../contract/members-api';
import { referralHoldsApi } from '../../../contract/referral-holds';
import { riskApi } from '../../../contract/risk';
import type { StaffRole } from '../../../contract/staff';
import { referralHolds } from '../../db/schema';

const DEVICE = '0123456789abcdef0123456789abcdef';
const ADDRESS = '203.0.113.77';

/** Two members who signed up on one address and one device, so each has signals naming them. */
async function twoOnOneAddress(t: TestApp) {
  const signUp = () =>
    inject(t, authApi.register, {
      body: registration(),
      headers: { 'x-device-id': DEVICE },
      remoteAddress: ADDRESS,
    }).then((res) => res.data().user);
  return [await signUp(), await signUp()] as const;
}

const staff = async (t: TestApp, role: StaffRole) => authHeader(t.db, (await createUser(t.db, { role })).id);

describe('support reads members with addresses and devices masked', () => {
  it('on the member page, in the search, the review queue, held referrals and after an action, while owner, admin and finance see them whole', async () => {
    const t = await buildTestApp();
    const [member, other] = await twoOnOneAddress(t);
    await t.db.insert(referralHolds).values({
      friendId: other._id,
      referrerId: member._id,
      shared: `the address ${ADDRESS}`,
      heldAt: t.clock.now(),
    });
    const support = await staff(t, 'support');
    const reads = async (headers: Record<string, string>) => {
      const detail = (await inject(t, membersApi.detail, { params: { id: member._id }, headers })).data();
      const found = (await inject(t, membersApi.search, { query: { q: member.email }, headers })).data();
      const queue = (await inject(t, riskApi.review, { headers })).data();
      const holds = (await inject(t, referralHoldsApi.list, { headers })).data();
      return JSON.stringify({ detail, found, queue, holds });
    };

    const masked = (
      await inject(t, membersApi.detail, { params: { id: member._id }, headers: support })
    ).data();
    expect(masked.sessions).toEqual([
      expect.objectContaining({ ip: '203.0.113.*', deviceId: '01234567****' }),
    ]);
    expect(masked.signals.find((s) => s.code === 'shared_address')?.detail).toContain('(203.0.113.*)');
    const seenBySupport = await reads(support);
    expect(seenBySupport).not.toContain(ADDRESS);
    expect(seenBySupport).not.toContain(DEVICE);
    expect(seenBySupport).toContain('203.0.113.*');
    expect(JSON.stringify((await inject(t, membersApi.search, { headers: support })).data())).not.toContain(
      ADDRESS,
    );
    // Acting on the member answers with their page's summary, masked too.
    const held = await inject(t, membersApi.holdCashouts, {
      params: { id: member._id },
      body: { reason: 'Checking a shared flat' },
      headers: support,
    });
    expect(JSON.stringify(held.data())).not.toContain(ADDRESS);
    const cleared = await inject(t, riskApi.clear, {
      params: { userId: other._id },
      body: { note: 'Flatmates, checked' },
      headers: support,
    });
    expect(JSON.stringify(cleared.data())).not.toContain(ADDRESS);

    for (const role of ['owner', 'admin', 'finance'] as const) {
      const whole = await reads(await staff(t, role));
      expect(whole, role).toContain(ADDRESS);
      expect(whole, role).toContain(DEVICE);
    }
  });

  it('refuses support a member’s ledger as a file (403 forbidden), which owner, admin and finance download', async () => {
    const t = await buildTestApp();
    const member = await createUser(t.db, { entries: 5 });
    const csv = async (role: StaffRole) =>
      inject(t, membersApi.ledgerCsv, {
        params: { id: member.id },
        query: { account: 'entries' },
        headers: await staff(t, role),
      });
    const refused = await csv('support');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    for (const role of ['owner', 'admin', 'finance'] as const) expect((await csv(role)).statusCode).toBe(200);
    // Support still reads the ledger a page at a time, as the member page shows it.
    const page = await inject(t, membersApi.ledger, {
      params: { id: member.id },
      query: {},
      headers: await staff(t, 'support'),
    });
    expect(page.data().entries).toHaveLength(1);
  });
});
