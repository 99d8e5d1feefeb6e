import { Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MEMBER_STATUSES, type MemberStatus } from '../../../../contract/operator-rules';
import { MEMBER_STATUS_LABELS, MemberStatusBadge } from '../../../components/member-status';
import { RiskBadge } from '../../../components/risk-signals';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { count, pounds, ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useSearchMembers } from '../api/search-members';

/** How long typing pauses before the search runs. */
const DEBOUNCE_MS = 300;

/** The risk filter's choices: any, or at least a score. */
const RISK_CHOICES = [20, 35, 50];

/**
 * The admin's Users tab: find a member by any part of their email or name, a whole @domain, their id
 * or referral code, and narrow the list by where their account stands, held cashouts and risk.
 */
export function MemberSearch() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<MemberStatus | ''>('');
  const [held, setHeld] = useState(false);
  const [minRisk, setMinRisk] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const filtered = Boolean(status || held || minRisk);
  const query = useSearchMembers({
    q: q || undefined,
    status: status || undefined,
    held: held ? 'true' : undefined,
    minRisk: minRisk ? Number(minRisk) : undefined,
  });

  return (
    <section className="space-y-4">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        <TextField
          label="Search members"
          type="search"
          placeholder="Part of an email or name, @domain, id or referral code"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          maxLength={254}
        />
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <SelectField
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as MemberStatus | '')}
          >
            <option value="">Any</option>
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {MEMBER_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Risk" value={minRisk} onChange={(e) => setMinRisk(e.target.value)}>
            <option value="">Any</option>
            {RISK_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n} or more
              </option>
            ))}
          </SelectField>
          <label className="flex items-center gap-2 self-end pb-3 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={held}
              onChange={(e) => setHeld(e.target.checked)}
            />
            Cashouts held
          </label>
        </div>
      </form>
      <PagedList
        query={query}
        rows={rowsOf(query.data, 'users')}
        loading="Searching members..."
        failed="The members"
        more="members"
        boxed
        empty={
          <EmptyState
            icon={q || filtered ? Search : Users}
            title={q || filtered ? 'No members found' : 'No members yet'}
          >
            {q
              ? `Nobody's email or name contains “${q}”${filtered ? ' among the members these filters leave' : ''}, and no id or referral code matches it.`
              : filtered
                ? 'No member fits these filters.'
                : 'Members appear here as they sign up.'}
          </EmptyState>
        }
      >
        {(members) => (
          <ul className="space-y-2" aria-label={q ? `Members matching ${q}` : 'Newest members'}>
            {members.map((m) => (
              <li key={m._id}>
                <Card className="p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <Link
                        to={paths.adminMember(m._id)}
                        className="font-bold break-words text-brand-800 underline"
                      >
                        {m.username}
                      </Link>
                      <p className="text-sm break-all text-slate-600">{m.email}</p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <MemberStatusBadge status={m.status} />
                      <RiskBadge score={m.risk.score} />
                    </div>
                  </div>
                  <p className="mt-2 text-sm text-slate-700">
                    {count(m.availableEntries)} available · {count(m.totalEntries)} earned · {pounds(m.cash)}{' '}
                    cash · joined {ukDateTime(m.createdAt)}
                    {!m.emailVerified && ' · email not verified'}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
