import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { smtpListener } from '../../../../tests/helpers/smtp';
import type { PrizeType } from '../../../contract/prizes';
import { prizesApi } from '../../../contract/prizes-api';
import { usersApi } from '../../../contract/users';
import { type ClaimBody, winsApi } from '../../../contract/wins';
import { users, wins } from '../../db/schema';
import { awardAchievements } from '../earning/achievements';
import { deliverDueMail, smtpTransport } from '../mail/deliver';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { notificationSenders } from '../notifications/sending';
import { wasAdult } from './service';

describe('wins and claims', () => {
  const details = {
    fullName: 'Ann Smith',
    county: 'West Yorkshire',
    address: '1 High Street\nLeeds',
    postcode: 'ls1 4ap',
    dateOfBirth: '1990-05-01',
  };

  async function won(
    t: Awaited<ReturnType<typeof buildTestApp>>,
    verified = true,
    type: PrizeType = 'electronics',
  ) {
    const prize = await createPrize(t.db, t.clock.now(), {
      title: 'PS5',
      type,
      status: 'drawn',
      valuePence: 479_99,
    });
    const me = await createUser(t.db, { verified });
    await t.db
      .insert(wins)
      .values({ prizeId: prize.id, userId: me.id, pid: 'f00d', position: 1, drawnAt: t.clock.now() });
    return { prize, me, headers: await authHeader(t.db, me.id) };
  }
  const claim = (
    t: Awaited<ReturnType<typeof buildTestApp>>,
    prizeId: string,
    headers: object,
    payload: object,
  ) =>
    inject(t, winsApi.claim, {
      params: { prizeId },
      headers: headers as Record<string, string>,
      body: payload as ClaimBody,
    });

  it('shows a win as Pending Claim until the winner confirms delivery details, then Claimed, once', async () => {
    const t = await buildTestApp();
    const { prize, headers } = await won(t);
    const list = async () => (await inject(t, winsApi.mine, { headers })).data().wins;
    expect(await list()).toEqual([
      {
        prize: { _id: prize.id, title: 'PS5', type: 'electronics', value: 479.99 },
        drawnAt: t.clock.now().toISOString(),
        claimBy: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
        status: 'Pending Claim',
        pid: 'f00d',
        forfeitReason: null,
        delivery: null,
      },
    ]);
    const res = await claim(t, prize.id, headers, details);
    expect(res.statusCode).toBe(200);
    expect((await list())[0]).toMatchObject({
      status: 'Claimed',
      delivery: {
        status: 'fulfilling',
        promisedBy: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
      },
    });
    const again = await claim(t, prize.id, headers, details);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You have already claimed this prize');
  });

  it('names a winner on the winners page as CAP 8.28.5 asks, unless they opted out at the claim', async () => {
    const t = await buildTestApp();
    const named = await won(t);
    const hidden = await won(t);
    const pending = await won(t);
    expect(
      (await claim(t, named.prize.id, named.headers, { ...details, fullName: ' Ann  Jane smith ' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await claim(t, hidden.prize.id, hidden.headers, { ...details, keepNamePrivate: true })).statusCode,
    ).toBe(200);
    const names = new Map(
      (await inject(t, prizesApi.winners, {})).data().winners.map((w) => [w.prizeId, w.name]),
    );
    expect(names.get(named.prize.id)).toBe('Ann S., West Yorkshire');
    for (const masked of [hidden, pending]) {
      const name = names.get(masked.prize.id)!;
      expect(name).toMatch(/^.\*+.$/);
      expect(name).not.toContain('Smith');
    }
    // The county is asked at the claim: a claim without it is refused and changes nothing.
    const { county: _, ...noCounty } = details;
    const refused = await claim(t, pending.prize.id, pending.headers, noCounty);
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'County is required']);
    expect((await inject(t, winsApi.mine, { headers: pending.headers })).data().wins[0]!.status).toBe(
      'Pending Claim',
    );
  });

  it('refuses a claim after 7 days, for someone else’s win, and with bad details', async () => {
    const t = await buildTestApp();
    const { prize, headers } = await won(t);
    const stranger = await authHeader(t.db, (await createUser(t.db)).id);
    expect((await claim(t, prize.id, stranger, details)).statusCode).toBe(404);
    expect((await claim(t, 'nope', headers, details)).statusCode).toBe(404);
    for (const bad of [
      { ...details, postcode: '12345' },
      { ...details, fullName: '' },
      { ...details, extra: 1 },
      { ...details, dateOfBirth: undefined },
      { ...details, dateOfBirth: '2000-13-01' },
      { ...details, dateOfBirth: '01/05/1990' },
      { ...details, dateOfBirth: '1850-01-01' },
      {},
    ]) {
      expect((await claim(t, prize.id, headers, bad)).statusCode).toBe(400);
    }
    t.clock.advance(7 * 86_400_000 + 1);
    const late = await claim(t, prize.id, headers, details);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('The 7-day window to claim this prize has closed');
    expect((await claim(t, prize.id, {}, details)).statusCode).toBe(401);
  });

  it('needs a verified email address before a prize can be claimed', async () => {
    const t = await buildTestApp();
    const { prize, me, headers } = await won(t, false);
    const res = await claim(t, prize.id, headers, details);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'email_unverified',
      error: expect.stringMatching(/verify your email/),
    });
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, me.id));
    expect((await claim(t, prize.id, headers, details)).statusCode).toBe(200);
  });

  it('asks a winner whose date of birth makes them under 18 to confirm it, then forfeits the win for good and shows admins why', async () => {
    const t = await buildTestApp();
    const { prize, me, headers } = await won(t);
    await t.db.transaction((tx) => awardAchievements(tx, me.id, t.clock.now()));
    // The draw is on 20 November 2026 (UK time): someone born on 21 November 2008 is a day short of 18.
    const young = { ...details, dateOfBirth: '2008-11-21' };
    const asked = await claim(t, prize.id, headers, young);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      code: 'confirm_underage',
      error:
        'The date of birth you gave, 21 November 2008, means you were under 18 on the draw date. ' +
        'Winners must be 18 or over, so if it is right you cannot have this prize and it will be forfeited. ' +
        'If it is a typo, correct it and claim again.',
    });
    expect((await inject(t, winsApi.mine, { headers })).data().wins[0]!.status).toBe('Pending Claim');
    const res = await claim(t, prize.id, headers, { ...young, confirmUnderage: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'under_18',
      error: 'Sorry, winners must be 18 or over on the draw date, so we cannot award you this prize.',
    });
    // A second try with an older date changes nothing.
    const again = await claim(t, prize.id, headers, details);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      'This prize could not be awarded: winners must be 18 or over on the draw date',
    );
    const mine = (await inject(t, winsApi.mine, { headers })).data().wins;
    expect(mine[0]).toMatchObject({ status: 'Forfeited', forfeitReason: 'under_18' });
    // What the win unlocked goes with it, through the ledger.
    const history = (await inject(t, usersApi.history, { headers })).data().entries;
    expect(history.slice(0, 2).map((e) => [e.reason, e.amount])).toEqual([
      ['achievement_taken_back', -200],
      ['achievement', 200],
    ]);
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const listed = (await inject(t, winsApi.adminList, { headers: admin })).data().winners;
    expect(listed.find((w) => w.user._id === me.id)).toMatchObject({
      claimed: false,
      forfeitReason: 'under_18',
    });
  });

  it('show staff where the email telling each winner stands: none yet, waiting, then delivered', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'admin' })).id);
    const { prize, me } = await won(t);
    const emailOf = async () =>
      (await inject(t, winsApi.adminList, { headers: admin }))
        .data()
        .winners.find((w) => w.user._id === me.id)?.email;
    expect(await emailOf()).toBeNull();
    await notify(t.db, me.id, notices.win(prize), t.clock.now());
    await notificationSenders(t.ctx).dispatch();
    expect(await emailOf()).toBe('pending');
    const smtp = await smtpListener();
    const transport = smtpTransport(smtp.url);
    await deliverDueMail(t.db, t.clock, transport, 'x@example.com');
    transport.close();
    expect(await emailOf()).toBe('sent');
    expect(smtp.received.map((m) => m.to)).toEqual([[me.email]]);
  });

  it('a typo in the year costs nothing: corrected, the claim goes through', async () => {
    const t = await buildTestApp();
    const { prize, headers } = await won(t);
    expect((await claim(t, prize.id, headers, { ...details, dateOfBirth: '2019-05-01' })).json().code).toBe(
      'confirm_underage',
    );
    expect((await claim(t, prize.id, headers, details)).statusCode).toBe(200);
  });

  it('asks how to pay a cash prize, not where to post it, and where to post any other', async () => {
    const t = await buildTestApp();
    const cash = await won(t, true, 'cash');
    const { fullName, county, dateOfBirth } = details;
    const noPayout = await claim(t, cash.prize.id, cash.headers, { fullName, county, dateOfBirth });
    expect(noPayout.json()).toMatchObject({
      code: 'validation_failed',
      error: 'Choose PayPal or bank transfer',
    });
    const badBank = { method: 'bank', sortCode: '12-34', accountNumber: '1', accountName: 'Ann Smith' };
    expect(
      (await claim(t, cash.prize.id, cash.headers, { fullName, county, dateOfBirth, payout: badBank }))
        .statusCode,
    ).toBe(400);
    const payout = {
      method: 'bank',
      sortCode: '12-34-56',
      accountNumber: '12345678',
      accountName: 'Ann Smith',
    };
    expect(
      (await claim(t, cash.prize.id, cash.headers, { fullName, county, dateOfBirth, payout })).statusCode,
    ).toBe(200);
    const [row] = await t.db.select().from(wins).where(eq(wins.prizeId, cash.prize.id));
    expect(JSON.parse(row!.deliveryDetails!)).toEqual({
      fullName,
      county,
      dateOfBirth,
      payout: { ...payout, sortCode: '123456' },
    });

    const posted = await won(t, true, 'physical');
    const noAddress = await claim(t, posted.prize.id, posted.headers, {
      fullName,
      county,
      dateOfBirth,
      payout,
    });
    expect(noAddress.json()).toMatchObject({
      code: 'validation_failed',
      error: 'Delivery address is required',
    });
    expect((await claim(t, posted.prize.id, posted.headers, details)).statusCode).toBe(200);
  });

  it('accepts a winner whose 18th birthday is the draw date', async () => {
    const t = await buildTestApp();
    const { prize, headers } = await won(t);
    expect((await claim(t, prize.id, headers, { ...details, dateOfBirth: '2008-11-20' })).statusCode).toBe(
      200,
    );
  });
});

describe('wasAdult', () => {
  it('counts UK calendar days, and a 29 February birthday comes of age on 1 March', () => {
    // 23:30 UTC on 31 May is already 1 June in London (BST).
    expect(wasAdult('2008-06-01', new Date('2026-05-31T23:30:00Z'))).toBe(true);
    expect(wasAdult('2008-06-01', new Date('2026-05-31T22:30:00Z'))).toBe(false);
    expect(wasAdult('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(false);
    expect(wasAdult('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(true);
  });
});
