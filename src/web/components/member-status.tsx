import type { MemberStatus } from '../../contract/operator-rules';

/** Each status in words. */
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  on_break: 'On a break',
  deleted: 'Deleted',
};
const STYLE: Record<MemberStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800',
  suspended: 'bg-red-50 text-red-800',
  on_break: 'bg-sky-50 text-sky-900',
  deleted: 'bg-slate-100 text-slate-700',
};

/** Where a member's account stands, as a badge. */
export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${STYLE[status]}`}>
      {MEMBER_STATUS_LABELS[status]}
    </span>
  );
}
