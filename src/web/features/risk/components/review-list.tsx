import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ReviewStatus } from '../../../../contract/operator-rules';
import type { ReviewRow } from '../../../../contract/risk';
import { roleCan, type StaffPermission } from '../../../../contract/staff';
import { MemberStatusBadge } from '../../../components/member-status';
import { RiskBadge, RiskSignals } from '../../../components/risk-signals';
import { Action, ReasonForm } from '../../../components/staff-action';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useSession } from '../../../lib/session/session';
import { useReview } from '../api/get-review';
import { useClearMember, useHoldFromQueue, useSuspendFromQueue } from '../api/work-review';
import { BulkReview } from './bulk-review';
import { ReferralHolds } from './referral-holds';

/** The admin's Review tab: referrals held for review, then members with fraud signals, highest risk first. */
export function ReviewTab() {
  return (
    <>
      <ReferralHolds />
      <ReviewList />
    </>
  );
}

const tabs = [
  { value: 'open', label: 'To review' },
  { value: 'cleared', label: 'Cleared' },
  { value: 'actioned', label: 'Actioned' },
] as const;

/** Who looked at a member's signals, when, and what they decided. */
function Reviewed({ review }: { review: ReviewRow['review'] }) {
  if (review.status === 'open' || !review.at) return null;
  return (
    <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
      {review.status === 'cleared' ? 'Cleared' : 'Actioned'}
      {review.by && ` by ${review.by.username}`} on {ukDateTime(review.at)}: {review.note}
    </p>
  );
}

/**
 * Members with fraud signals in one state of the queue, highest risk first, each with the accounts
 * they link to. Open ones are worked from their row (cleared with a reason, cashouts held, suspended)
 * or several at once; each leaves the queue until a signal appears that staff have not seen.
 */
function ReviewList() {
  const [status, setStatus] = useState<ReviewStatus>('open');
  const query = useReview(status);
  const members = rowsOf(query.data, 'members');
  const { user: me } = useSession();
  const can = (permission: StaffPermission) => roleCan(me?.role, permission);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const selected = members.filter((m) => picked.has(m._id) && m.review.status === 'open');
  const clear = useClearMember();
  const hold = useHoldFromQueue();
  const suspend = useSuspendFromQueue();
  // What an open row offers: each only to a role that holds it.
  const rowActions = [
    {
      label: 'Clear',
      submit: (m: ReviewRow) => `Clear ${m.username}`,
      run: clear,
      error: 'Failed to clear the member',
      shown: () => true,
    },
    {
      label: 'Hold cashouts',
      submit: () => 'Hold cashouts',
      run: hold,
      error: 'Failed to hold cashouts',
      shown: () => can('holds'),
    },
    {
      label: 'Suspend',
      variant: 'danger' as const,
      submit: () => 'Suspend',
      run: suspend,
      error: 'Failed to suspend the member',
      shown: (m: ReviewRow) => can('suspend') && m.status !== 'suspended',
    },
  ];
  const pick = (id: string, on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Tabs
      tabs={tabs}
      value={status}
      onChange={setStatus}
      label="Flagged members by review state"
      variant="pills"
    >
      {status === 'open' && (
        <BulkReview selected={selected} canHold={can('holds')} onDone={() => setPicked(new Set())} />
      )}
      <PagedList
        query={query}
        rows={members}
        loading="Loading flagged members..."
        failed="The flagged members"
        more="flagged members"
        boxed
        empty={
          <EmptyState
            icon={ShieldCheck}
            title={status === 'open' ? 'No flagged members to review' : 'None yet'}
          >
            {status === 'open'
              ? 'Members with fraud signals (a shared address or device, a throwaway email, a quick cashout) appear here until someone clears them or acts.'
              : `Members ${status === 'cleared' ? 'cleared' : 'suspended or held'} from the queue appear here.`}
          </EmptyState>
        }
        around={(list) => <section>{list}</section>}
      >
        {(shown) => (
          <ol className="space-y-3" aria-label="Flagged members, highest risk first">
            {shown.map((m) => (
              <li key={m._id}>
                <Card className="p-5">
                  <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
                    <div className="flex min-w-0 gap-3">
                      {m.review.status === 'open' && (
                        <input
                          type="checkbox"
                          className="mt-1 h-5 w-5 shrink-0"
                          aria-label={`Select ${m.username}`}
                          checked={picked.has(m._id)}
                          onChange={(e) => pick(m._id, e.target.checked)}
                        />
                      )}
                      <div className="min-w-0">
                        <Link
                          to={paths.adminMember(m._id)}
                          className="font-bold break-words text-brand-800 underline"
                        >
                          {m.username}
                        </Link>
                        <p className="text-sm break-words text-slate-600">
                          {m.email} · joined {ukDateTime(m.createdAt)}
                        </p>
                      </div>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <RiskBadge score={m.risk.score} />
                      <MemberStatusBadge status={m.status} />
                    </div>
                  </div>
                  <RiskSignals signals={m.risk.signals} />
                  <Reviewed review={m.review} />
                  {m.review.status === 'open' && (
                    <div className="mt-3 flex flex-wrap gap-3 sm:flex-nowrap">
                      {rowActions
                        .filter((a) => a.shown(m))
                        .map((a) => (
                          <Action key={a.label} label={a.label} variant={a.variant}>
                            {(done) => (
                              <ReasonForm
                                id={m._id}
                                send={a.run.mutateAsync}
                                label={a.submit(m)}
                                error={a.error}
                                busy={a.run.isPending}
                                onDone={done}
                              />
                            )}
                          </Action>
                        ))}
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </Tabs>
  );
}
