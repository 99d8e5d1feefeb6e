import { desc, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { auditApi } from '../../../contract/audit';
import { transparencyApi } from '../../../contract/transparency-api';
import { auditHeads, auditLog } from '../../db/schema';
import { auditHash } from '../../lib/audit-log';
import { signingHeads } from './head-signing';
import { signHead } from './heads';
import { chainPage } from './repository';
import { adjust, behindTheTriggers } from './test-setup';

// DESIGN §16, "No window to cut the audit log": the head is signed within a second of every staff action.

const KEY = 'c0ffee'.repeat(11).slice(0, 64);
const quiet = { error() {} };

/** A site signing heads as main.ts starts it, with an owner and a member to correct. */
async function site() {
  const t = await buildTestApp({ env: { AUDIT_SIGNING_KEY: KEY } });
  const heads = await signingHeads(t.ctx, quiet);
  onTestFinished(() => heads.stop());
  const owner = await createUser(t.db, { role: 'owner' });
  const headers = await authHeader(t.db, owner.id);
  const member = await createUser(t.db, { entries: 100 });
  return { t, headers, member };
}

const newest = async (t: TestApp) => {
  const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const [head] = await t.db.select().from(auditHeads).orderBy(desc(auditHeads.id)).limit(1);
  return { row, head };
};

/**
 * Until the newest head names the newest row: no fixed wait. The signer runs within its second, but a busy
 * machine can hold its timer and its writes back, so the wait allows more than poll's default second.
 */
async function headCaughtUp(t: TestApp) {
  await expect
    .poll(
      async () => {
        const { row, head } = await newest(t);
        return head?.lastId === row?.id && head?.signature !== null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

const verify = async (t: TestApp, headers: Record<string, string>) =>
  (await inject(t, auditApi.verify, { headers })).data();

describe('the audit chain’s head', () => {
  it('is signed within a second of a staff action, so the newest rows cut right after it are found', async () => {
    const { t, headers, member } = await site();
    for (let i = 1; i <= 3; i++) await adjust(t, headers, member.id, i);
    await headCaughtUp(t);
    expect(await verify(t, headers)).toMatchObject({ intact: true, checked: 3 });

    const { row } = await newest(t);
    await behindTheTriggers(t, sql`delete from audit_log where id = ${row!.id}`);
    expect(await verify(t, headers)).toMatchObject({
      intact: false,
      problem: 'rows_cut',
      firstBrokenId: String(row!.id),
    });
  });

  it('is signed after the first staff action, so emptying the log right after it is found', async () => {
    const { t, headers, member } = await site();
    await adjust(t, headers, member.id, 1);
    await headCaughtUp(t);
    await behindTheTriggers(t, sql`truncate audit_log`);
    expect(await verify(t, headers)).toMatchObject({ intact: false, problem: 'rows_cut', checked: 0 });
  });

  it('is never signed over a cut: later actions, and the hourly head, leave it found', async () => {
    const { t, headers, member } = await site();
    await adjust(t, headers, member.id, 1);
    await adjust(t, headers, member.id, 2);
    await headCaughtUp(t);
    const { row: cut } = await newest(t);
    await behindTheTriggers(t, sql`delete from audit_log where id = ${cut!.id}`);

    // The application goes on appending, its next row chained to what is left.
    await adjust(t, headers, member.id, 3);
    await expect(signHead(t.db, KEY, t.clock.now(), { evenIfCurrent: true })).rejects.toThrow(
      'the audit log no longer holds its newest signed head (rows_cut): no head is signed over it',
    );
    const { head } = await newest(t);
    expect(head!.lastId).toBe(cut!.id);
    expect(await verify(t, headers)).toMatchObject({ intact: false, problem: 'rows_cut' });
  });

  it('is published in the public log, so a row cut between two heads shows even with the chain and its heads rewritten', async () => {
    const { t, headers, member } = await site();
    for (let i = 1; i <= 4; i++) {
      await adjust(t, headers, member.id, i);
      await headCaughtUp(t);
    }
    const rows = await chainPage(t.db, 0, 100);
    // Someone holding the database and the signing key cuts the second row, chains the rest again so
    // every hash follows, and replaces the heads' table with one head signed over the new chain.
    const cut = rows[1]!;
    let prev = rows[0]!.hash;
    const rechained = [];
    for (const row of rows.slice(2)) {
      const hash = auditHash(prev, row);
      rechained.push(sql`update audit_log set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`);
      prev = hash;
    }
    await behindTheTriggers(t, sql`delete from audit_log where id = ${cut.id}`, ...rechained);
    await t.db.execute(sql`alter table audit_heads disable trigger user`);
    await t.db.execute(sql`delete from audit_heads`);
    await t.db.execute(sql`alter table audit_heads enable trigger user`);
    await signHead(t.db, KEY, t.clock.now(), { evenIfCurrent: true });

    // The log and its table of heads agree with each other now; the heads already published do not.
    const found = await verify(t, headers);
    expect(found).toMatchObject({
      intact: false,
      problem: 'rows_cut',
      checked: 0,
      firstBrokenId: String(cut.id),
    });
    // Every head signed, the rewriter's too, is there for anyone to read.
    await t.ctx.log.checkpoint();
    const { leaves } = (await inject(t, transparencyApi.leaves, { query: { start: 0, end: 5 } })).data();
    expect(leaves.map((l) => JSON.parse(Buffer.from(l.data, 'base64').toString()).type)).toEqual(
      Array(5).fill('audit_head'),
    );
  });

  it('is signed as the site stops, however soon after the last action', async () => {
    const t = await buildTestApp({ env: { AUDIT_SIGNING_KEY: KEY } });
    const heads = await signingHeads(t.ctx, quiet);
    const owner = await createUser(t.db, { role: 'owner' });
    await adjust(t, await authHeader(t.db, owner.id), (await createUser(t.db)).id, 1);
    await heads.stop();
    const { row, head } = await newest(t);
    expect(head?.lastId).toBe(row!.id);
  });

  it('is signed when a site starts behind its log, as one that stopped within its second would', async () => {
    const t = await buildTestApp({ env: { AUDIT_SIGNING_KEY: KEY } });
    const owner = await createUser(t.db, { role: 'owner' });
    const headers = await authHeader(t.db, owner.id);
    await adjust(t, headers, (await createUser(t.db)).id, 1);
    expect(await t.db.select().from(auditHeads)).toEqual([]);

    const heads = await signingHeads(t.ctx, quiet);
    onTestFinished(() => heads.stop());
    await headCaughtUp(t);
    // Once current, a second signer has nothing to sign; the hourly one signs the same head afresh.
    expect(await signHead(t.db, KEY, t.clock.now())).toBeNull();
    expect(await signHead(t.db, KEY, t.clock.now(), { evenIfCurrent: true })).toMatchObject({
      lastId: (await newest(t)).row!.id,
    });
  });
});
