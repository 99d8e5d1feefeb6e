import { useInfiniteQuery } from '@tanstack/react-query';
import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { wellbeingApi } from '../../../../contract/wellbeing';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { call } from '../../../lib/call';
import { ukDateTime, ukLongDate } from '../../../lib/format';
import { pagedQueryOptions, rowsOf } from '../../../lib/paged';

const KIND_TEXT = {
  days_in_a_row: (since: string) => `has played every day since ${ukLongDate(since)}`,
  night: (since: string) => `played through the night of ${ukLongDate(since)}`,
} as const;

/** Members whose play raised a wellbeing signal (DESIGN §19): apart from fraud scores, newest first. */
export function WellbeingList() {
  const query = useInfiniteQuery(
    pagedQueryOptions(['admin', 'wellbeing'], (cursor, signal) =>
      call(wellbeingApi.list, { query: { cursor } }, { signal }),
    ),
  );
  return (
    <section aria-labelledby="wellbeing-heading" className="mb-8 space-y-3">
      <h2 id="wellbeing-heading" className="text-lg font-bold">
        Wellbeing
      </h2>
      <p className="text-sm text-slate-600">
        Not fraud: members whose play suggests they may want a break. Each was reminded of breaks and
        self-exclusion.
      </p>
      <PagedList
        query={query}
        rows={rowsOf(query.data, 'signals')}
        loading="Loading wellbeing signals..."
        failed="The wellbeing signals"
        more="signals"
        empty={
          <EmptyState icon={HeartHandshake} title="No wellbeing signals">
            Members who play many days in a row, or through a night, appear here.
          </EmptyState>
        }
      >
        {(signals) => (
          <Card>
            <ul className="divide-y divide-slate-100 text-sm">
              {signals.map((s) => (
                <li key={s._id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                  <span>
                    <Link
                      to={paths.adminMember(s.member._id)}
                      className="font-medium text-brand-700 underline"
                    >
                      {s.member.username}
                    </Link>{' '}
                    {KIND_TEXT[s.kind](s.since)}
                  </span>
                  <span className="text-slate-600">{ukDateTime(s.raisedAt)}</span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </PagedList>
    </section>
  );
}
