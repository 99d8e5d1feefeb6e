import { Link } from 'react-router';
import { WITHDRAWAL_METHOD_LABELS } from '../../../../contract/gamification-rules';
import type { MemberDetail } from '../../../../contract/members';
import { MemberStatusBadge } from '../../../components/member-status';
import { SectionCard } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { count, counted, pounds, ukDateTime } from '../../../lib/format';

/** "3 of 3", or "latest 50 of 120" when the list is longer than the page shows. */
const shown = (rows: unknown[], total: number) =>
  rows.length < total ? `latest ${count(rows.length)} of ${count(total)}` : count(total);

/** A titled list that says nothing is there rather than showing an empty box. */
function Block({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <SectionCard title={title}>
      {empty ? <p className="px-5 py-4 text-sm text-slate-600">{empty}</p> : children}
    </SectionCard>
  );
}

/**
 * The member's open sessions, with the device and address each was opened from: whole, or with their
 * last part hidden (*) for a role that does not see members in full, as the server sent them.
 */
export function MemberSessions({ sessions }: { sessions: MemberDetail['sessions'] }) {
  return (
    <Block title={`Sessions (${sessions.length})`} empty={sessions.length ? null : 'No open sessions.'}>
      <ul className="divide-y divide-slate-100 text-sm">
        {sessions.map((s) => (
          <li key={s._id} className="px-5 py-3">
            <p className="font-semibold text-slate-900">{s.device}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-700 sm:grid-cols-[auto_1fr_auto_1fr]">
              <dt className="text-slate-600">Address</dt>
              <dd className="font-mono break-words">{s.ip ?? 'unknown'}</dd>
              <dt className="text-slate-600">Device id</dt>
              <dd className="font-mono break-all">{s.deviceId ?? 'none'}</dd>
              <dt className="text-slate-600">Signed in</dt>
              <dd>{ukDateTime(s.createdAt)}</dd>
              <dt className="text-slate-600">Last used</dt>
              <dd>{ukDateTime(s.lastUsedAt)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </Block>
  );
}

/** Whom they referred, their wins, the prizes they hold entries in, and their withdrawals. */
export function MemberRecords({ detail }: { detail: MemberDetail }) {
  const { referrals, wins, entries, withdrawals } = detail;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Block
        title={`Referred (${shown(referrals.rows, referrals.total)})`}
        empty={referrals.total ? null : 'Nobody yet.'}
      >
        <ul className="divide-y divide-slate-100 text-sm">
          {referrals.rows.map((r) => (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-2.5">
              <Link to={paths.adminMember(r._id)} className="text-brand-700 underline">
                {r.username}
              </Link>
              <span className="flex items-center gap-2 text-slate-600">
                {ukDateTime(r.createdAt)} <MemberStatusBadge status={r.status} />
              </span>
            </li>
          ))}
        </ul>
      </Block>
      <Block title={`Wins (${shown(wins.rows, wins.total)})`} empty={wins.total ? null : 'No wins yet.'}>
        <ul className="divide-y divide-slate-100 text-sm">
          {wins.rows.map((w) => (
            <li key={w.prize._id} className="px-5 py-2.5">
              <p className="font-semibold text-slate-900">
                {w.prize.title} (place {w.position})
              </p>
              <p className="text-slate-600">
                Drawn {ukDateTime(w.drawnAt)} ·{' '}
                {w.forfeitReason
                  ? `forfeited (${w.forfeitReason.replace('_', ' ')})`
                  : w.claimed
                    ? 'claimed'
                    : 'awaiting claim'}
              </p>
            </li>
          ))}
        </ul>
      </Block>
      <Block
        title={`Prize entries (${shown(entries.rows, entries.total)})`}
        empty={entries.total ? null : 'No entries yet.'}
      >
        <ul className="divide-y divide-slate-100 text-sm">
          {entries.rows.map((e) => (
            <li key={e.prize._id} className="flex flex-wrap justify-between gap-2 px-5 py-2.5">
              <span className="text-slate-900">{e.prize.title}</span>
              <span className="text-slate-600">
                {counted(e.entries, 'entry', 'entries')} · {e.prize.status.replaceAll('_', ' ')}
              </span>
            </li>
          ))}
        </ul>
      </Block>
      <Block
        title={`Withdrawals (${shown(withdrawals.rows, withdrawals.total)})`}
        empty={withdrawals.total ? null : 'No withdrawals yet.'}
      >
        <ul className="divide-y divide-slate-100 text-sm">
          {withdrawals.rows.map((w) => (
            <li key={w._id} className="flex flex-wrap justify-between gap-2 px-5 py-2.5">
              <span className="text-slate-900">
                {pounds(w.amount)} by {WITHDRAWAL_METHOD_LABELS[w.method]}
              </span>
              <span className="text-slate-600">
                {w.status} · {ukDateTime(w.requestedAt)}
              </span>
            </li>
          ))}
        </ul>
      </Block>
    </div>
  );
}
