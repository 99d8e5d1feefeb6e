import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import type { MyEntry } from '../../../../contract/users';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { entriesLabel, pounds, timeLeft } from '../../../lib/format';
import { statusLabel } from '../../../lib/prize-labels';

/** The user's prize entries, live; `limit` shows only the newest few (the dashboard shows 5). */
export function EntryList({
  entries,
  isPending,
  isError = false,
  limit,
}: {
  entries?: MyEntry[];
  isPending: boolean;
  isError?: boolean;
  limit?: number;
}) {
  if (isPending) return <Spinner label="Loading your entries..." />;
  if (isError) return <LoadError what="Your entries" />;
  if (!entries?.length) return <NoEntries />;
  return <EntryRows entries={entries} limit={limit} />;
}

/** What the entries list says before the member has entered anything. */
export function NoEntries() {
  return (
    <EmptyState
      icon={Gift}
      title="No prize entries yet"
      action={<ButtonLink to={paths.prizes}>Browse prizes</ButtonLink>}
    >
      You haven’t entered any prize draws yet.
    </EmptyState>
  );
}

/** The entries themselves; the full list (no `limit`) gives each its draw ID. */
export function EntryRows({ entries, limit }: { entries: readonly MyEntry[]; limit?: number }) {
  return (
    <ul className="divide-y divide-slate-100">
      {entries.slice(0, limit).map((e) => (
        <li key={e.prize._id}>
          <Link to={paths.prize(e.prize._id)} className="flex items-center gap-4 px-5 py-4 hover:bg-slate-50">
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-slate-900">{e.prize.title}</p>
              <p className="text-sm text-slate-600">
                {pounds(e.prize.value)} · {statusLabel(e.prize.status)}
                {e.prize.status === 'active' &&
                  timeLeft(e.prize.endDate) !== 'Ended' &&
                  ` · ${timeLeft(e.prize.endDate)} left`}
              </p>
              {/* The full list says how to find yourself in the draw's published proof. */}
              {limit === undefined && (
                <p className="mt-1 text-xs text-slate-600">
                  Your draw ID: <code className="break-all font-mono">{e.pid}</code>
                  {e.logIndexes.length > 0 && (
                    <>
                      {' · '}
                      {e.logIndexes.length === 1 ? 'Receipt' : 'Receipts'}{' '}
                      {e.logIndexes
                        .slice(-3)
                        .map((i) => `#${i}`)
                        .join(', ')}
                      {e.logIndexes.length > 3 && ` and ${e.logIndexes.length - 3} more`}
                    </>
                  )}
                </p>
              )}
            </div>
            <span className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-sm font-bold text-brand-800">
              {entriesLabel(e.entriesUsed)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
