import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { verifyLog } from '../../../../scripts/verify-log/main';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { enter } from '../prizes/test-setup';
import { leafBytes } from './log';

/** A site on a real port with a few entries in its log, and the receipts they answered. */
async function runningSite() {
  const t = await buildTestApp();
  const site = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const prize = await createPrize(t.db, t.clock.now());
  const receipts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const user = await createUser(t.db, { entries: 10 });
    const res = await enter(t, prize.id, await authHeader(t.db, user.id), { entries: 1 + i });
    receipts.push(res.json().logIndex);
  }
  await t.ctx.log.checkpoint();
  const dir = mkdtempSync(join(tmpdir(), 'verify-log-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return { t, site, prize, receipts, state: join(dir, 'seen.json') };
}

/** What only someone with the database and the signing key could do: change history and sign it again. */
async function rewrite(t: TestApp, statement: ReturnType<typeof sql>) {
  await t.db.execute(sql`alter table log_leaves disable trigger log_leaves_append_only`);
  await t.db.execute(sql`alter table log_nodes disable trigger log_nodes_append_only`);
  await t.db.execute(statement);
  await t.db.execute(sql`alter table log_leaves enable trigger log_leaves_append_only`);
  await t.db.execute(sql`alter table log_nodes enable trigger log_nodes_append_only`);
}

describe('npm run verify-log', () => {
  it('passes a site whose checkpoints are signed and consistent and whose receipts are in its log', async () => {
    const { site, receipts, state, t, prize } = await runningSite();
    const report = await verifyLog(site, { receipts, state });
    expect(report[0]).toMatch(
      /^\d+ checkpoints signed by localhost:\d+\/log and each consistent with the one before$/,
    );
    expect(report.filter((line) => line.startsWith('receipt '))).toHaveLength(5);
    // More entries later: the log it saw is extended, not replaced.
    const user = await createUser(t.db, { entries: 10 });
    await enter(t, prize.id, await authHeader(t.db, user.id), { entries: 1 });
    await t.ctx.log.checkpoint();
    expect(await verifyLog(site, { state })).toContain('consistent with the 5 leaves seen before');
  });

  it('fails a site whose leaf was changed behind a receipt', async () => {
    const { site, receipts, t } = await runningSite();
    const forged = leafBytes({
      type: 'entry',
      prize: crypto.randomUUID(),
      pid: '0'.repeat(32),
      entries: 1,
      at: new Date().toISOString(),
    });
    await rewrite(t, sql`update log_leaves set data = ${forged} where position = 2`);
    await expect(verifyLog(site, { receipts })).rejects.toThrow('receipt 2 is not in the log of 5 leaves');
  });

  it('fails a site that rewrote its history and signed it again, against the checkpoints it published', async () => {
    const { site, state, t } = await runningSite();
    await verifyLog(site, { state });
    // The operator drops the last three entries, records others in their place and signs the new tree.
    await t.db.execute(sql`alter table log_checkpoints disable trigger log_checkpoints_append_only`);
    await t.db.execute(sql`delete from log_checkpoints`);
    await t.db.execute(sql`alter table log_checkpoints enable trigger log_checkpoints_append_only`);
    await rewrite(t, sql`delete from log_nodes where (level, index) not in ((0, 0), (0, 1), (1, 0))`);
    await rewrite(t, sql`delete from log_leaves where position >= 2`);
    const prize = await createPrize(t.db, t.clock.now());
    for (let i = 0; i < 4; i++) {
      const user = await createUser(t.db, { entries: 10 });
      await enter(t, prize.id, await authHeader(t.db, user.id), { entries: 1 });
    }
    await t.ctx.log.checkpoint();
    // Its own list of checkpoints now agrees with itself; only what was seen before shows the rewrite.
    await expect(verifyLog(site)).resolves.toBeDefined();
    await expect(verifyLog(site, { state })).rejects.toThrow(
      'does not extend the one of 5: it was rewritten',
    );
  });

  it('fails a site whose checkpoint is signed by another key than the one given', async () => {
    const { site } = await runningSite();
    const other = `elsewhere/log+00000000+AQ${'A'.repeat(42)}=`;
    await expect(verifyLog(site, { key: other })).rejects.toThrow(
      'the site signs with a key other than the one given',
    );
  });
});
