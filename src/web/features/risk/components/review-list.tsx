import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { MemberStatusBadge } from '../../../components/member-status';
import { RiskBadge, RiskSignals } from '../../../components/risk-signals';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useReview } from '../api/get-review';
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

/** Members with fraud signals, highest risk first, each with the accounts they link to. */
function ReviewList() {
  const query = useReview();
  const members = rowsOf(query.data, 'members');
  if (query.isPending) return <Spinner label="Loading flagged members..." />;
  if (query.isError)
    return (
      <Card>
        <LoadError what="The flagged members" />
      </Card>
    );
  if (!members.length)
    return (
      <Card>
        <EmptyState icon={ShieldCheck} title="No flagged members">
          Members with fraud signals (a shared address or device, a throwaway email, a quick cashout) appear
          here.
        </EmptyState>
      </Card>
    );
  return (
    <section>
      <ol className="space-y-3" aria-label="Flagged members, highest risk first">
        {members.map((m) => (
          <li key={m._id}>
            <Card className="p-5">
              <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
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
                <div className="flex flex-wrap gap-2">
                  <RiskBadge score={m.risk.score} />
                  <MemberStatusBadge status={m.status} />
                </div>
              </div>
              <RiskSignals signals={m.risk.signals} />
            </Card>
          </li>
        ))}
      </ol>
      <LoadMore
        what="flagged members"
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    </section>
  );
}
