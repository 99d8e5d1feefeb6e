import { ed25519 } from '@noble/curves/ed25519.js';
import { eq, gt, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { AUDIT_VERIFY_ROWS, auditApi } from '../../../contract/audit';
import { auditHeads, auditLog } from '../../db/schema';
import { auditHash } from '../../lib/audit-log';
import { encodeCursor } from '../../lib/cursor';
import { presentHead, publicKeyOf, signAuditHead } from './heads';
import { adjust, behindTheTriggers, setUp } from './test-setup';

/** Why the database refused a statement (Drizzle wraps PostgreSQL's error as the cause). */
const refusal = (t: TestApp, query: SQL) =>
  t.db.execute(query).then(
    () => 'done',
    (err: Error) => ((err.cause as Error | undefined) ?? err).message,
  );

const verify = async (t: TestApp, headers: Record<string, string>) =>
  (await inject(t, auditApi.verify, { headers })).data();

describe('the audit log', () => {
  it('refuses changes by trigger, keeps its chain whole under concurrent writes, and verify finds a row edited behind its back', async () => {
    const { t, headers, member } = await setUp();
    await Promise.all(Array.from({ length: 12 }, (_, i) => adjust(t, headers, member.id, i + 1)));
    expect(await verify(t, headers)).toEqual({
      intact: true,
      problem: null,
      head: null,
      checked: 12,
      firstBrokenId: null,
      nextCursor: null,
    });

    await expect(t.db.execute(sql`update audit_log set summary = 'nothing happened'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();

    const rows = await t.db.select().from(auditLog).orderBy(auditLog.id);
    const target = rows[5]!;
    // Someone with the database's keys, going round the application and its trigger.
    await behindTheTriggers(t, sql`update audit_log set summary = 'Added 1 entry' where id = ${target.id}`);
    expect(await verify(t, headers)).toEqual({
      intact: false,
      problem: 'row_changed',
      head: null,
      checked: 6,
      firstBrokenId: String(target.id),
      nextCursor: null,
    });

    // Rewriting that row's hash too only moves the break to the next row.
    const [edited] = await t.db.select().from(auditLog).where(eq(auditLog.id, target.id));
    await behindTheTriggers(
      t,
      sql`update audit_log set hash = ${auditHash(edited!.prevHash, edited!)} where id = ${target.id}`,
    );
    expect(await verify(t, headers)).toEqual({
      intact: false,
      problem: 'row_changed',
      head: null,
      checked: 7,
      firstBrokenId: String(rows[6]!.id),
      nextCursor: null,
    });
  });

  it('cannot be emptied, and finds rows cut from its end by the newest signed head', async () => {
    const key = 'c0ffee'.repeat(11).slice(0, 64);
    const t = await buildTestApp({ env: { AUDIT_SIGNING_KEY: key } });
    const admin = await createUser(t.db, { role: 'owner' });
    const headers = await authHeader(t.db, admin.id);
    const member = await createUser(t.db, { entries: 100 });
    for (let i = 0; i < 4; i++) await adjust(t, headers, member.id, i + 1);
    expect(await refusal(t, sql`truncate audit_log`)).toMatch(/^audit_log is append-only/);

    const signed = (await signAuditHead(t.db, key, t.clock.now()))!;
    const rows = await t.db.select().from(auditLog).orderBy(auditLog.id);
    expect(signed).toMatchObject({ lastId: rows[3]!.id, rowCount: 4, hash: rows[3]!.hash });
    // Published for anyone to keep, with the key that checks it.
    const published = (await inject(t, auditApi.heads)).data();
    expect(published.publicKey).toBe(publicKeyOf(key));
    expect(published.heads).toEqual([presentHead(signed)]);
    expect(
      ed25519.verify(
        Buffer.from(published.heads[0]!.signature!, 'hex'),
        new TextEncoder().encode(
          `prizedraw audit head\n${rows[3]!.id}\n4\n${rows[3]!.hash}\n${t.clock.now().toISOString()}`,
        ),
        Buffer.from(published.publicKey!, 'hex'),
      ),
    ).toBe(true);
    expect(await verify(t, headers)).toMatchObject({ intact: true, problem: null, checked: 4 });
    expect(await refusal(t, sql`delete from audit_heads`)).toMatch(/^audit_heads is append-only/);
    expect(await refusal(t, sql`truncate audit_heads`)).toMatch(/^audit_heads is append-only/);

    // The last two rows cut behind the application's back: the chain that is left is whole, but the
    // signed head names a row that is gone.
    await behindTheTriggers(t, sql`delete from audit_log where id >= ${rows[2]!.id}`);
    expect(await verify(t, headers)).toEqual({
      intact: false,
      problem: 'rows_cut',
      head: presentHead(signed),
      checked: 0,
      firstBrokenId: String(rows[3]!.id),
      nextCursor: null,
    });
    // Heads made up without the key do not count, however many are written after the signed one.
    const forged = {
      lastId: rows[1]!.id,
      rowCount: 2,
      hash: rows[1]!.hash,
      signedAt: t.clock.now(),
      signature: '00'.repeat(64),
      publicKey: publicKeyOf(key),
    };
    await t.db.insert(auditHeads).values(Array.from({ length: 45 }, () => forged));
    await t.db.insert(auditHeads).values({ ...forged, signature: null, publicKey: null });
    expect(await verify(t, headers)).toMatchObject({ intact: false, problem: 'rows_cut' });
  });

  it('checks a long chain in parts, each going on from the last row the part before checked', async () => {
    const { t, headers, member } = await setUp();
    for (let i = 0; i < 5; i++) await adjust(t, headers, member.id, i + 1);
    const rows = await t.db.select().from(auditLog).orderBy(auditLog.id);
    const from = (row: (typeof rows)[number]) => encodeCursor([row.id]);
    const part = async (cursor?: string) =>
      (await inject(t, auditApi.verify, { query: { cursor }, headers })).data();
    expect(await part(from(rows[1]!))).toEqual({
      intact: true,
      problem: null,
      head: null,
      checked: 3,
      firstBrokenId: null,
      nextCursor: null,
    });
    expect(await part(from(rows[4]!))).toEqual({
      intact: true,
      problem: null,
      head: null,
      checked: 0,
      firstBrokenId: null,
      nextCursor: null,
    });

    // A row changed after the cursor is found by the part that reads it.
    await behindTheTriggers(t, sql`update audit_log set summary = 'Added 1 entry' where id = ${rows[3]!.id}`);
    expect(await part(from(rows[1]!))).toEqual({
      intact: false,
      problem: 'row_changed',
      head: null,
      checked: 2,
      firstBrokenId: String(rows[3]!.id),
      nextCursor: null,
    });

    // A chain longer than one part: the first part answers where the next goes on, and the two cover it all.
    await t.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await t.db.execute(sql`update audit_log set summary = ${rows[3]!.summary} where id = ${rows[3]!.id}`);
    await t.db.execute(sql`insert into audit_log (at, action, target_type, target_id, summary, prev_hash, hash)
      select now(), 'user.adjust', 'user', ${member.id}, 'Added 1 entry', '', ''
        from generate_series(1, ${AUDIT_VERIFY_ROWS})`);
    // Chained in one statement: ten thousand updates one by one took most of a busy machine's 30 s.
    let prev = rows[4]!.hash;
    const added = await t.db.select().from(auditLog).where(gt(auditLog.id, rows[4]!.id)).orderBy(auditLog.id);
    const chained = added.map((row) => {
      const link = { id: row.id, prev, hash: auditHash(prev, row) };
      prev = link.hash;
      return link;
    });
    const list = (values: Array<string | number>) => `{${values.join(',')}}`;
    await t.db.execute(sql`update audit_log a set prev_hash = v.p, hash = v.h
      from unnest(${list(chained.map((c) => c.id))}::bigint[], ${list(chained.map((c) => c.prev))}::text[],
                  ${list(chained.map((c) => c.hash))}::text[]) v(id, p, h)
      where a.id = v.id`);
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    const first = await part();
    expect(first).toMatchObject({ intact: true, checked: AUDIT_VERIFY_ROWS, nextCursor: expect.any(String) });
    expect(await part(first.nextCursor!)).toEqual({
      intact: true,
      problem: null,
      head: null,
      checked: 5,
      firstBrokenId: null,
      nextCursor: null,
    });

    // A cursor that names no row, or is not one, is refused.
    for (const bad of [encodeCursor([rows[4]!.id + 100_000]), 'not-a-cursor', 'a b']) {
      const res = await inject(t, auditApi.verify, { query: { cursor: bad }, headers });
      expect([bad, res.statusCode]).toEqual([bad, 400]);
    }
  });
});
