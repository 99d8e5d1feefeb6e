import { Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MemberStatusBadge } from '../../../components/member-status';
import { RiskBadge } from '../../../components/risk-signals';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { count, pounds, ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { useSearchMembers } from '../api/search-members';

/** How long typing pauses before the search runs. */
const DEBOUNCE_MS = 300;

/** The admin's Users tab: find a member by the start of their email or name, their id or referral code. */
export function MemberSearch() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useSearchMembers(q);
  const members = rowsOf(query.data, 'users');

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
          placeholder="Email, name, id or referral code"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          maxLength={254}
        />
      </form>
      {query.isPending ? (
        <Spinner label="Searching members..." />
      ) : query.isError ? (
        <Card>
          <LoadError what="The members" />
        </Card>
      ) : !members.length ? (
        <Card>
          <EmptyState icon={q ? Search : Users} title={q ? 'No members found' : 'No members yet'}>
            {q
              ? `Nobody's email or name starts with “${q}”, and no id or referral code matches it.`
              : 'Members appear here as they sign up.'}
          </EmptyState>
        </Card>
      ) : (
        <>
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
          <LoadMore
            what="members"
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
