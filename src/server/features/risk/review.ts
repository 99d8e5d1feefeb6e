import { eq, sql } from 'drizzle-orm';
import type { ReviewStatus } from '../../../contract/operator-rules';
import type { Executor, Tx } from '../../db/client';
import { memberRisk } from '../../db/schema';
import { AppError, conflict } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';

type StoredSignal = (typeof memberRisk.$inferSelect)['signals'][number];
/** Who is looking (a member of staff), and the clock. */
interface Acting {
  actor: AuditActor & { id: string };
  clock: Clock;
}

/**
 * The review queue is worked, not read (DESIGN §12). Staff clear a member
 * (with a note) or act on them (suspend them, hold their cashouts); either
 * takes them out of the queue and remembers the signals they saw, each as
 * its code and each account it names. Only a signal not among those brings
 * them back (signals.ts, when it stores a new reckoning).
 */

/** What staff saw: each signal, and each account each names. */
export const reviewedSignalKeys = (signals: StoredSignal[]) => [
  ...new Set(signals.flatMap((s) => [s.code, ...s.accounts.map((a) => `${s.code}:${a.id}`)])),
];

/**
 * The queue status a new reckoning leaves: open if it holds anything staff
 * had not seen when they last looked, otherwise as it was.
 */
export const statusAfter = (signals: StoredSignal[]) =>
  sql`case when ${JSON.stringify(reviewedSignalKeys(signals))}::jsonb <@ ${memberRisk.reviewedSignals}
           then ${memberRisk.reviewStatus} else 'open'::review_status end`;

/** Records that staff looked at the member's signals as they stand, and what they decided. */
async function markReviewed(
  tx: Executor,
  userId: string,
  status: Exclude<ReviewStatus, 'open'>,
  { note, by, at }: { note: string; by: string; at: Date },
) {
  const [row] = await tx.select().from(memberRisk).where(eq(memberRisk.userId, userId)).for('update');
  if (!row) return undefined;
  const [updated] = await tx
    .update(memberRisk)
    .set({
      reviewStatus: status,
      reviewedSignals: reviewedSignalKeys(row.signals),
      reviewNote: note,
      reviewedBy: by,
      reviewedAt: at,
    })
    .where(eq(memberRisk.userId, userId))
    .returning();
  return { before: row, after: updated! };
}

/** A suspension or a hold on cashouts, made anywhere, is the queue's "actioned". */
export const markActioned = (tx: Tx, userId: string, note: string, { actor, clock }: Acting) =>
  markReviewed(tx, userId, 'actioned', { note, by: actor.id, at: clock.now() });

/** Staff have looked and found nothing wrong: audited, with their note. */
export async function clear(tx: Tx, { actor, clock }: Acting, userId: string, note: string) {
  const now = clock.now();
  const marked = await markReviewed(tx, userId, 'cleared', { note, by: actor.id, at: now });
  if (!marked || marked.before.score === 0)
    throw new AppError(404, 'This member has no fraud signals to review', 'not_in_review');
  if (marked.before.reviewStatus === 'cleared')
    throw conflict('This member was already cleared', 'already_cleared');
  await recordAudit(
    tx,
    actor,
    {
      action: 'review.clear',
      targetType: 'user',
      targetId: userId,
      summary: `Cleared the member's fraud signals (${marked.before.signals.map((s) => s.code).join(', ')}): ${note}`,
      before: { review: marked.before.reviewStatus },
      after: { review: 'cleared' },
    },
    now,
  );
}
