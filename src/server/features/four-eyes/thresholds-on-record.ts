import { desc, eq } from 'drizzle-orm';
import type { ApprovalThresholds } from '../../config';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { canonicalJson, recordAudit, SITE } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { penceToPounds, pounds } from '../../lib/money';

const ACTION = 'settings.approval_thresholds';

/**
 * The four-eyes thresholds come from the environment (DESIGN §16), which nobody changes through the
 * console: the first start-up that runs with new ones puts them in the audit chain, so raising
 * them to lift the control cannot pass unseen. A start-up with the same ones records nothing.
 */
export async function recordApprovalThresholds(db: Db, clock: Clock, thresholds: ApprovalThresholds) {
  const now = { cash: penceToPounds(thresholds.cashPence), entries: thresholds.entries };
  await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.action, ACTION))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const before = last?.changes?.after;
    if (before && canonicalJson(before) === canonicalJson(now)) return;
    await recordAudit(
      tx,
      SITE,
      {
        action: ACTION,
        targetType: 'settings',
        targetId: 'approval_thresholds',
        summary: `Corrections and payments wait for a second member of staff from ${pounds(thresholds.cashPence)} or ${thresholds.entries.toLocaleString('en-GB')} entries a day, as APPROVAL_CASH_POUNDS and APPROVAL_ENTRIES set`,
        ...(before && { before }),
        after: now,
      },
      clock.now(),
    );
  });
}
