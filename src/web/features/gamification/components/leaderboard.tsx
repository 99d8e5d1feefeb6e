import { Medal } from 'lucide-react';
import { useState } from 'react';
import {
  type LEADERBOARD_PERIODS,
  type LeaderboardPeriod,
  WEEKLY_PRIZES_PENCE,
} from '../../../../contract/gamification-rules';
import { penceToPounds } from '../../../../contract/money';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { count, counted, pounds } from '../../../lib/format';
import { useLeaderboard } from '../api/get-leaderboard';
import { useLeaderboardPosition } from '../api/get-leaderboard-position';

const tabs = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'alltime', label: 'All Time' },
] as const satisfies ReadonlyArray<{ value: (typeof LEADERBOARD_PERIODS)[number]; label: string }>;

const PERIOD_WORDS: Record<LeaderboardPeriod, string> = {
  weekly: 'this week',
  monthly: 'this month',
  alltime: 'so far',
};

const podium = WEEKLY_PRIZES_PENCE.slice(0, 3)
  .map((p) => pounds(penceToPounds(p)))
  .join(', ');
const rest = `${pounds(penceToPounds(WEEKLY_PRIZES_PENCE[3]))} each for 4th to ${WEEKLY_PRIZES_PENCE.length}th`;

function YourPosition({ period }: { period: LeaderboardPeriod }) {
  const { data, isError } = useLeaderboardPosition(period);
  if (!data)
    return (
      <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600" role="status">
        {isError ? 'Your place could not be loaded.' : 'Finding your place...'}
      </p>
    );
  return (
    <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900" data-testid="leaderboard-position">
      {data.position === null
        ? `Earn entries ${PERIOD_WORDS[period]} to join the leaderboard.`
        : `You are #${count(data.position)} with ${count(data.totalEntries)} entries ${PERIOD_WORDS[period]}.`}
    </p>
  );
}

function Board({ period }: { period: LeaderboardPeriod }) {
  const { data, isPending, isError } = useLeaderboard(period);
  if (isPending) return <Spinner label="Loading the leaderboard..." />;
  if (isError) return <LoadError what="The leaderboard" />;
  if (!data.length)
    return (
      <EmptyState icon={Medal} title="No entries earned yet">
        Complete a task to be the first on the board {PERIOD_WORDS[period]}.
      </EmptyState>
    );
  return (
    <ol className="divide-y divide-slate-100">
      {data.map((row) => (
        <li key={row.rank} className="flex items-center gap-3 py-2.5">
          <span
            className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${row.rank <= 3 ? 'bg-gold-400 text-brand-950' : 'bg-slate-100 text-slate-700'}`}
          >
            {row.rank}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-slate-900">{row.username}</p>
            <p className="text-xs text-slate-600">
              Level {row.level} · {row.streak > 0 ? `${row.streak}-day streak` : 'no streak'} ·{' '}
              {counted(row.achievementCount, 'achievement', 'achievements')}
            </p>
          </div>
          <span className="text-sm font-bold text-slate-900">{count(row.totalEntries)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Weekly, monthly and all-time leaderboards by entries earned, with the user's own place. */
export function Leaderboard() {
  const [period, setPeriod] = useState<LeaderboardPeriod>('weekly');
  return (
    <div className="p-5">
      <Tabs tabs={tabs} value={period} onChange={setPeriod} label="Leaderboard period">
        <div className="space-y-3">
          <YourPosition period={period} />
          {period === 'weekly' && (
            <p className="text-sm text-slate-600">
              Each Monday the week’s top {WEEKLY_PRIZES_PENCE.length} win {podium}, then {rest}, paid to your
              cash balance.
            </p>
          )}
          <Board period={period} />
        </div>
      </Tabs>
    </div>
  );
}
