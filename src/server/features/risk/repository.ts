import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Risk } from '../../../contract/risk';
import type { Executor } from '../../db/client';
import { memberRisk, users } from '../../db/schema';
import { after } from '../../lib/cursor';

type RiskRow = typeof memberRisk.$inferSelect;

export const NO_RISK: Risk = { score: 0, signals: [] };

export const presentRisk = (row: Pick<RiskRow, 'score' | 'signals'> | null | undefined): Risk =>
  row
    ? {
        score: row.score,
        signals: row.signals.map((s) => ({
          code: s.code,
          detail: s.detail,
          accounts: s.accounts.map((a) => ({ _id: a.id, username: a.username })),
        })),
      }
    : NO_RISK;

/** A member's risk as last worked out. */
export async function riskOf(db: Executor, userId: string): Promise<Risk> {
  const [row] = await db.select().from(memberRisk).where(eq(memberRisk.userId, userId));
  return presentRisk(row);
}

/** Several members' risks at once, by id. */
export async function risksOf(db: Executor, userIds: string[]): Promise<Map<string, Risk>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(memberRisk).where(inArray(memberRisk.userId, userIds));
  return new Map(rows.map((r) => [r.userId, presentRisk(r)]));
}

/** A page of the members with signals, highest score first (member_risk_score_idx read backwards); staff are not in it. */
export function flaggedMembers(db: Executor, from: readonly [number, string] | undefined, take: number) {
  return db
    .select({ risk: memberRisk, user: users })
    .from(memberRisk)
    .innerJoin(users, eq(users.id, memberRisk.userId))
    .where(
      and(
        gt(memberRisk.score, 0),
        isNull(users.staffRole),
        after([memberRisk.score, memberRisk.userId], from),
      ),
    )
    .orderBy(desc(memberRisk.score), desc(memberRisk.userId))
    .limit(take);
}
