import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewStatus } from '../../../contract/operator-rules';
import type { Risk, RiskSignal } from '../../../contract/risk';
import type { Executor } from '../../db/client';
import { memberRisk, users } from '../../db/schema';
import { afterKey } from '../../lib/cursor';
import { maskAddressesIn } from '../../lib/mask';

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

/** Signals with the addresses and devices they name masked (lib/mask.ts). */
export const maskSignals = (signals: RiskSignal[]) =>
  signals.map((s) => ({ ...s, detail: maskAddressesIn(s.detail) }));
export const maskRisk = (risk: Risk): Risk => ({ ...risk, signals: maskSignals(risk.signals) });

/** A member's risk as last worked out. */
export async function riskOf(db: Executor, userId: string): Promise<Risk> {
  const [row] = await db.select().from(memberRisk).where(eq(memberRisk.userId, userId));
  return presentRisk(row);
}

/** Of these members, those whose signals wait in the review queue (open), with them, by id. */
export async function openRisksOf(db: Executor, userIds: string[]): Promise<Map<string, Risk>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(memberRisk)
    .where(
      and(inArray(memberRisk.userId, userIds), eq(memberRisk.reviewStatus, 'open'), gt(memberRisk.score, 0)),
    );
  return new Map(rows.map((r) => [r.userId, presentRisk(r)]));
}

/** Several members' risks at once, by id. */
export async function risksOf(db: Executor, userIds: string[]): Promise<Map<string, Risk>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(memberRisk).where(inArray(memberRisk.userId, userIds));
  return new Map(rows.map((r) => [r.userId, presentRisk(r)]));
}

const reviewer = alias(users, 'reviewer');
/** Members with their risk and who last looked at it, as the review queue lists them. */
const queueRows = (db: Executor) =>
  db
    .select({ risk: memberRisk, user: users, reviewer: { id: reviewer.id, username: reviewer.username } })
    .from(memberRisk)
    .innerJoin(users, eq(users.id, memberRisk.userId))
    .leftJoin(reviewer, eq(reviewer.id, memberRisk.reviewedBy));

/**
 * A page of the members with signals in one state of the queue, highest score first
 * (member_risk_queue_idx read backwards), with who last looked; staff are not in it.
 */
export function flaggedMembers(
  db: Executor,
  status: ReviewStatus,
  from: readonly [number, string] | undefined,
  take: number,
) {
  return queueRows(db)
    .where(
      and(
        eq(memberRisk.reviewStatus, status),
        gt(memberRisk.score, 0),
        isNull(users.staffRole),
        afterKey([memberRisk.score, memberRisk.userId], from),
      ),
    )
    .orderBy(desc(memberRisk.score), desc(memberRisk.userId))
    .limit(take);
}

/** One member as the queue lists them, whatever their state in it. */
export async function flaggedMember(db: Executor, userId: string) {
  const [row] = await queueRows(db).where(eq(memberRisk.userId, userId));
  return row;
}
export type FlaggedMember = NonNullable<Awaited<ReturnType<typeof flaggedMember>>>;
