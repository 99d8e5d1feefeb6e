import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/factories';
import { buildTestApp } from '../../../tests/helpers/app';
import { exportResponse } from '../../contract/account';
import { runCleanup } from '../jobs/cleanup';
import { SIGN_INS_KEPT_DAYS } from './personal-data';
import { NOT_PERSONAL, PERSONAL_DATA } from './personal-data-registry';
import * as schema from './schema';
import { signIns } from './schema';

/** Columns that hold a person's id, address, name, or where they were. */
const PERSONAL_COLUMN =
  /^(user_id|friend_id|referrer_id|actor_id|admin_id|decided_by|email|to|ip|network|device_id|username|name)$/;

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable =>
    typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
);

describe('the registry of personal data', () => {
  it('names every table with a member’s id, address or name, and says why for the rest', () => {
    const listed = new Set<PgTable>([
      ...PERSONAL_DATA.map((p) => p.table),
      ...NOT_PERSONAL.map((p) => p.table),
    ]);
    const missing = tables
      .filter((table) => getTableConfig(table).columns.some((c) => PERSONAL_COLUMN.test(c.name)))
      .filter((table) => !listed.has(table))
      .map((table) => getTableConfig(table).name);
    expect(missing).toEqual([]);
    // Each table once.
    expect(new Set(PERSONAL_DATA.map((p) => p.table)).size).toBe(PERSONAL_DATA.length);
  });

  it('matches the data download: every part it names is there, and every part is named', () => {
    const named = PERSONAL_DATA.flatMap((p) => (typeof p.exported === 'string' ? [p.exported] : []));
    const parts = Object.keys(exportResponse.shape).filter((k) => k !== 'exportedAt' && k !== 'referrals');
    expect([...named].sort()).toEqual(parts.sort());
  });

  it('keeps sign-ins, with their addresses and devices, for 90 days', async () => {
    const t = await buildTestApp();
    const member = await createUser(t.db);
    const day = 86_400_000;
    const at = (days: number) => new Date(t.clock.now().getTime() - days * day);
    await t.db.insert(signIns).values(
      [SIGN_INS_KEPT_DAYS + 1, SIGN_INS_KEPT_DAYS - 1].map((days) => ({
        userId: member.id,
        kind: 'signin' as const,
        at: at(days),
        ip: '192.0.2.1',
        network: '192.0.2.1',
      })),
    );
    expect(await runCleanup(t.db, t.clock)).toMatchObject({ sign_ins: 1 });
    const left = await t.db.select().from(signIns);
    expect(left.map((s) => s.at)).toEqual([at(SIGN_INS_KEPT_DAYS - 1)]);
  });
});
