import type { ReactNode } from 'react';
import type { Withdrawal } from '../../../../contract/cash';
import { CASH_RETURNED, WITHDRAWAL_STATUS_LABELS } from '../../../../contract/payouts';
import { pounds, ukDateTime } from '../../../lib/format';

const BADGE = {
  done: 'bg-emerald-100 text-emerald-800',
  back: 'bg-amber-100 text-amber-900',
  moving: 'bg-slate-100 text-slate-700',
} as const;

/**
 * Where a payout is (DESIGN §17): its state, each step it reached and when,
 * the next step and when to expect it, and why it did not reach them if it did not.
 */
export function PayoutTimeline({ withdrawal: w, children }: { withdrawal: Withdrawal; children: ReactNode }) {
  const tone = w.status === 'paid' ? 'done' : CASH_RETURNED.includes(w.status) ? 'back' : 'moving';
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <span>{children}</span>
        <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold ${BADGE[tone]}`}>
          {WITHDRAWAL_STATUS_LABELS[w.status]}
        </span>
      </div>
      <ol className="mt-1 space-y-0.5 text-xs text-slate-600" aria-label="Where this withdrawal is">
        {w.timeline.map((step) => (
          <li key={step.status}>
            {WITHDRAWAL_STATUS_LABELS[step.status]}: {ukDateTime(step.at)}
          </li>
        ))}
        {w.next && (
          <li className="text-slate-500">
            Next, {WITHDRAWAL_STATUS_LABELS[w.next.status].toLowerCase()}: expected by {ukDateTime(w.next.by)}
          </li>
        )}
      </ol>
      {w.failureReason && CASH_RETURNED.includes(w.status) && (
        <p className="mt-1 text-xs text-amber-900">
          {w.failureReason.replace(/[\s.]+$/, '')}. The {pounds(w.amount)} is back in your cash balance.
        </p>
      )}
    </div>
  );
}
