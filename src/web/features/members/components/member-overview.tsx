import { Banknote, Ticket, Trophy } from 'lucide-react';
import type { MemberDetail } from '../../../../contract/members';
import { MemberStatusBadge } from '../../../components/member-status';
import { RiskBadge } from '../../../components/risk-signals';
import { Card } from '../../../components/ui/card';
import { StatCard } from '../../../components/ui/stat-card';
import { count, pounds, ukDateTime } from '../../../lib/format';

/** Why a notice is on the member's page, in a sentence an admin reads at a glance. */
function Notice({ tone, children }: { tone: 'red' | 'amber' | 'sky'; children: React.ReactNode }) {
  const style = {
    red: 'border-red-200 bg-red-50 text-red-900',
    amber: 'border-amber-200 bg-amber-50 text-amber-900',
    sky: 'border-sky-200 bg-sky-50 text-sky-900',
  }[tone];
  return <p className={`rounded-xl border px-4 py-3 text-sm ${style}`}>{children}</p>;
}

/** Who the member is and where their account stands: balances, status, and any suspension, hold or break. */
export function MemberOverview({ user }: { user: MemberDetail['user'] }) {
  return (
    <section className="space-y-4" aria-labelledby="member-name">
      <Card className="p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="member-name" className="text-2xl font-extrabold break-words text-slate-900">
              {user.username}
            </h2>
            <p className="text-slate-700">
              <span className="break-all">{user.email}</span>{' '}
              <span className="whitespace-nowrap">
                {user.emailVerified ? '(verified)' : '(not verified)'}
              </span>
            </p>
            <p className="text-sm text-slate-600">
              Joined {ukDateTime(user.createdAt)} · referral code {user.referralCode}
              {user.referredBy && ` · referred by ${user.referredBy.username}`}
              {user.isAdmin && ' · admin'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <MemberStatusBadge status={user.status} />
            <RiskBadge score={user.risk.score} />
          </div>
        </div>
      </Card>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard icon={Ticket} label="Available entries" value={count(user.availableEntries)} />
        <StatCard icon={Trophy} label="Entries earned" value={count(user.totalEntries)} />
        <StatCard icon={Banknote} label="Cash" value={pounds(user.cash)} />
      </div>
      {user.suspension && (
        <Notice tone="red">
          Suspended {ukDateTime(user.suspension.since)}
          {user.suspension.until ? ` until ${ukDateTime(user.suspension.until)}` : ' until lifted'}:{' '}
          {user.suspension.reason}
        </Notice>
      )}
      {user.cashoutHold && (
        <Notice tone="amber">
          Cashouts held since {ukDateTime(user.cashoutHold.since)}: {user.cashoutHold.reason}
        </Notice>
      )}
      {user.break && (
        <Notice tone="sky">
          Taking a break {user.break.until ? `until ${ukDateTime(user.break.until)}` : 'for good'} (their own
          choice).
        </Notice>
      )}
    </section>
  );
}
