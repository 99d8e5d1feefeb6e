import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { offerWallEnv, postback, signedPostback } from '../../../../tests/helpers/offers';
import { approvalsApi } from '../../../contract/approvals';
import {
  MISSING_CREDIT_OPEN_MAX,
  type MissingCreditBody,
  missingCreditApi,
  type ResolveMissingCreditBody,
  SCREENSHOT_MAX_BYTES,
} from '../../../contract/missing-credit';
import { ENVIRONMENT_WALL_ID } from '../../../contract/offer-walls';
import type { StaffRole } from '../../../contract/staff';
import { rowsOf } from '../../db/client';
import { auditLog, missingCredits, notifications, users } from '../../db/schema';

type Headers = Record<string, string>;
const DAY = 86_400_000;

/** The first bytes of a real PNG: enough for the type to be read from the file. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function setUp(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env: { ...offerWallEnv, ...env } });
  const member = await createUser(t.db, { username: 'Mia Member' });
  const headers = await authHeader(t.db, member.id);
  const staff = async (role: StaffRole, username = `A ${role}`) => {
    const user = await createUser(t.db, { role, username });
    return authHeader(t.db, user.id, { at: t.clock.now() });
  };
  const owner = await staff('owner', 'Olive Owner');
  const report = (body: Partial<MissingCreditBody> = {}, h: Headers = headers) =>
    inject(t, missingCreditApi.report, { headers: h, body: { ...facts(t), ...body } as MissingCreditBody });
  const resolve = (id: string, body: ResolveMissingCreditBody, h: Headers = owner) =>
    inject(t, missingCreditApi.resolve, { params: { id }, headers: h, body });
  return { t, member, headers, staff, owner, report, resolve };
}

const facts = (t: TestApp) => ({
  wall: ENVIRONMENT_WALL_ID,
  offerName: 'Reach level 10 in Tile Town',
  completedAt: new Date(t.clock.now().getTime() - 2 * DAY).toISOString(),
  expectedReward: 150,
});

/** A report as a browser's form sends it: multipart, its fields as text and the file as bytes. */
async function reportAsForm(t: TestApp, headers: Headers, fields: Record<string, string>, files: Buffer[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('screenshot', new Blob([new Uint8Array(file)]), 'screenshot.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return rawInject(t, missingCreditApi.report, {
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const formFacts = (t: TestApp) =>
  Object.fromEntries(Object.entries(facts(t)).map(([k, v]) => [k, String(v)])) as Record<string, string>;

const claimsIn = (t: TestApp) => t.db.select({ id: missingCredits.id }).from(missingCredits);
const entriesOf = async (t: TestApp, id: string) =>
  (await t.db.select({ n: users.availableEntries }).from(users).where(eq(users.id, id)))[0]!.n;
const noticesOf = async (t: TestApp, id: string) =>
  (
    await t.db
      .select({ type: notifications.type, title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, id))
  ).filter((n) => n.type === 'missing_credit');

describe('missing-credit reports', () => {
  it('take the facts as JSON, list them for the member, and refuse bad ones, writing nothing', async () => {
    const { t, report, headers, owner } = await setUp();
    const made = await report();
    expect(made.statusCode, made.body).toBe(201);
    expect(made.data().claim).toMatchObject({
      wall: { _id: ENVIRONMENT_WALL_ID, name: 'Offer Wall' },
      offerName: 'Reach level 10 in Tile Town',
      expectedReward: 150,
      hasScreenshot: false,
      status: 'open',
      credited: null,
      reply: null,
    });
    const mine = await inject(t, missingCreditApi.mine, { headers });
    expect(mine.data().claims.map((c) => c._id)).toEqual([made.data().claim._id]);

    const now = t.clock.now().getTime();
    const bad: Array<[Partial<MissingCreditBody> | Record<string, unknown>, number, string?]> = [
      [{ wall: 'not-a-wall' }, 400, 'unknown_wall'],
      [{ wall: '5b0c3a4e-1111-4222-8333-944455556666' }, 400, 'unknown_wall'],
      [{ completedAt: new Date(now + DAY).toISOString() }, 400, 'bad_date'],
      [{ completedAt: new Date(now + DAY).toISOString().slice(0, 10) }, 400, 'bad_date'],
      [{ completedAt: new Date(now - 91 * DAY).toISOString() }, 400, 'too_old'],
      [{ completedAt: 'last Tuesday' }, 400],
      [{ expectedReward: 0 }, 400],
      [{ expectedReward: 1.5 }, 400],
      [{ expectedReward: '12abc' as never }, 400],
      [{ offerName: ' ' }, 400],
      [{ screenshot: 'aGVsbG8=' as never }, 400],
      [{ extra: 1 }, 400],
    ];
    for (const [body, status, code] of bad) {
      const res = await report(body as Partial<MissingCreditBody>);
      expect([res.statusCode, code && res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    // Staff do not play, and a visitor is asked to sign in.
    expect((await report({}, owner)).statusCode).toBe(403);
    expect((await report({}, {})).statusCode).toBe(401);
    expect(await claimsIn(t)).toHaveLength(1);

    // A day alone, as the form's date picker sends it: today's is taken.
    const today = await report({ completedAt: t.clock.now().toISOString().slice(0, 10) });
    expect(today.statusCode, today.body).toBe(201);
  });

  it(`keeps at most ${MISSING_CREDIT_OPEN_MAX} waiting per member`, async () => {
    const { t, report } = await setUp();
    for (let i = 1; i < MISSING_CREDIT_OPEN_MAX; i++) expect((await report()).statusCode).toBe(201);
    // The last places taken at once: exactly one more fits.
    const last = await Promise.all([report(), report(), report()]);
    expect(last.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(last.find((r) => r.statusCode === 409)!.json().code).toBe('too_many_open');
    expect(await claimsIn(t)).toHaveLength(MISSING_CREDIT_OPEN_MAX);
  });

  it('take a screenshot as multipart form data, read by its bytes, kept for staff, refused over 2 MB or not an image', async () => {
    const { t, headers, owner } = await setUp();
    const made = await reportAsForm(t, headers, formFacts(t), [PNG]);
    expect(made.statusCode, made.body).toBe(201);
    const claim = made.json().claim;
    expect([claim.hasScreenshot, claim.expectedReward]).toEqual([true, 150]);
    const shot = await inject(t, missingCreditApi.screenshot, { params: { id: claim._id }, headers: owner });
    expect(shot.data().screenshot).toBe(`data:image/png;base64,${PNG.toString('base64')}`);

    const refusals: Array<[Buffer[], number, string]> = [
      [[Buffer.from('<svg onload="alert(1)"></svg>')], 400, 'not_an_image'],
      [[Buffer.concat([PNG, Buffer.alloc(SCREENSHOT_MAX_BYTES)])], 413, 'screenshot_too_large'],
      [[PNG, PNG], 413, 'FST_FILES_LIMIT'],
    ];
    for (const [files, status, code] of refusals) {
      const res = await reportAsForm(t, headers, formFacts(t), files);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
      expect(res.json().error).toMatch(/\w/);
    }
    const noWall = await reportAsForm(t, headers, { ...formFacts(t), wall: 'nope' }, [PNG]);
    expect([noWall.statusCode, noWall.json().code]).toEqual([400, 'unknown_wall']);
    expect(await claimsIn(t)).toHaveLength(1);
  });

  it('show staff the wall’s postbacks for that member beside the report, and its screenshot to no member', async () => {
    const { t, member, headers, report, staff } = await setUp();
    const credit = signedPostback({ user_id: member.id, transaction_id: 'TX-9', amount: '40', status: '1' });
    expect((await postback(t, credit)).statusCode).toBe(200);
    const made = (await report()).data().claim;

    const support = await staff('support');
    const listed = await inject(t, missingCreditApi.list, { headers: support });
    expect(listed.data().claims).toEqual([
      {
        ...made,
        member: { _id: member.id, username: 'Mia Member' },
        postbacks: [{ transactionId: 'TX-9', entries: 40, status: 'credited', at: expect.any(String) }],
        waitingApproval: false,
      },
    ]);
    expect((await inject(t, missingCreditApi.list, { headers, query: {} })).statusCode).toBe(403);
    expect(
      (await inject(t, missingCreditApi.screenshot, { params: { id: made._id }, headers })).statusCode,
    ).toBe(403);
    // Support reads the queue but moves no entries.
    const byOwner = await inject(t, missingCreditApi.resolve, {
      params: { id: made._id },
      headers: support,
      body: { outcome: 'refused', reason: 'No postback from the provider yet' },
    });
    expect(byOwner.statusCode).toBe(403);
  });

  it('show each report beside its own member’s latest postbacks, ten at most, the newest first', async () => {
    const { t, member, report, staff } = await setUp();
    for (let i = 1; i <= 12; i++) {
      const sent = signedPostback({
        user_id: member.id,
        transaction_id: `TX-${i}`,
        amount: '5',
        status: '1',
      });
      expect((await postback(t, sent)).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    await report();
    t.clock.advance(60_000);
    const other = await createUser(t.db, { username: 'Otto Other' });
    await report({ offerName: 'Another offer' }, await authHeader(t.db, other.id));

    const listed = (await inject(t, missingCreditApi.list, { headers: await staff('support') })).data();
    expect(listed.claims.map((c) => [c.member.username, c.postbacks.map((p) => p.transactionId)])).toEqual([
      ['Mia Member', ['TX-12', 'TX-11', 'TX-10', 'TX-9', 'TX-8', 'TX-7', 'TX-6', 'TX-5', 'TX-4', 'TX-3']],
      ['Otto Other', []],
    ]);
  });

  it('are refused with a reason the member is told, once', async () => {
    const { t, member, headers, report, resolve } = await setUp();
    const { _id: id } = (await report()).data().claim;
    const reason = 'The provider says the level was reached after the offer ended';
    const refused = await resolve(id, { outcome: 'refused', reason });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.data().claim).toMatchObject({ status: 'refused', reply: reason, credited: null });
    const again = await resolve(id, { outcome: 'credited', entries: 150, reason: 'Changed my mind here' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'already_decided']);
    expect(await entriesOf(t, member.id)).toBe(0);
    expect(await noticesOf(t, member.id)).toEqual([
      { type: 'missing_credit', title: 'We could not credit “Reach level 10 in Tile Town”', body: reason },
    ]);
    const mine = (await inject(t, missingCreditApi.mine, { headers })).data().claims;
    expect(mine.map((c) => [c.status, c.reply])).toEqual([['refused', reason]]);
    const audited = await t.db.select({ action: auditLog.action }).from(auditLog);
    expect(audited.map((a) => a.action)).toContain('user.missing_credit_refuse');
    expect(
      (await resolve('5b0c3a4e-1111-4222-8333-944455556666', { outcome: 'refused', reason })).statusCode,
    ).toBe(404);
    expect((await resolve(id, { outcome: 'maybe', reason } as never)).statusCode).toBe(400);
  });

  it('are credited through the ledger, once, however many staff press at once', async () => {
    const { t, member, report, resolve, staff } = await setUp();
    const { _id: id } = (await report()).data().claim;
    const finance = await staff('finance');
    const body = { outcome: 'credited', entries: 150, reason: 'Provider confirmed the completion' } as const;
    const answers = await Promise.all([resolve(id, body), resolve(id, body, finance), resolve(id, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 200)!.data().claim).toMatchObject({
      status: 'credited',
      credited: 150,
    });
    expect(await entriesOf(t, member.id)).toBe(150);
    const ledger = await rowsOf<{ reason: string; amount: number }>(
      t.db,
      sql`select reason, amount from ledger_entries where user_id = ${member.id}`,
    );
    expect(ledger).toEqual([{ reason: 'admin_adjustment', amount: 150 }]);
    expect(await noticesOf(t, member.id)).toEqual([
      {
        type: 'missing_credit',
        title: '+150 entries for “Reach level 10 in Tile Town”',
        body: 'Your missing credit was added to your balance: 150 entries. Provider confirmed the completion',
      },
    ]);
  });

  it('wait for a second member of staff when the four-eyes sums say so', async () => {
    const { t, member, report, resolve, staff, owner } = await setUp({ APPROVAL_ENTRIES: '100' });
    const { _id: id } = (await report()).data().claim;
    const body = { outcome: 'credited', entries: 150, reason: 'Provider confirmed the completion' } as const;
    const asked = await resolve(id, body);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.data().claim).toMatchObject({ status: 'open', waitingApproval: true });
    expect(await entriesOf(t, member.id)).toBe(0);
    const twice = await resolve(id, { outcome: 'refused', reason: 'Second thoughts on this one' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'approval_pending']);

    const pending = (await inject(t, approvalsApi.list, { headers: owner, query: {} })).data().approvals;
    const approval = pending.find((a) => a.kind === 'missing_credit')!;
    expect(approval.summary).toBe(
      'Mia Member: +150 entries, balance 0 entries → 150 entries for the missing offer “Reach level 10 in Tile Town” (Provider confirmed the completion)',
    );
    // Not by whoever asked; by another who may correct balances.
    expect(
      (await inject(t, approvalsApi.approve, { params: { id: approval._id }, headers: owner })).statusCode,
    ).toBe(403);
    const finance = await staff('finance');
    const approved = await inject(t, approvalsApi.approve, {
      params: { id: approval._id },
      headers: finance,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await entriesOf(t, member.id)).toBe(150);
    const listed = await inject(t, missingCreditApi.list, { headers: owner, query: { status: 'credited' } });
    expect(listed.data().claims.map((c) => [c.status, c.credited, c.waitingApproval])).toEqual([
      ['credited', 150, false],
    ]);
  });
});
