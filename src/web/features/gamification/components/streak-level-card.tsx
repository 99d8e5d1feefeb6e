import { Flame, Star } from 'lucide-react';
import { ACHIEVEMENTS, LEVEL_THRESHOLDS, STREAK_BONUSES } from '../../../../contract/gamification-rules';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { count, counted, entriesLabel } from '../../../lib/format';
import { useGamificationStats } from '../api/get-gamification-stats';

const days = (n: number) => counted(n, 'day', 'days');

/** Each milestone with the daily bonus it brings and its achievement's reward. */
const milestones = STREAK_BONUSES.slice(1).map((step) => ({
  day: step.fromDay,
  bonus: step.bonus,
  reward: ACHIEVEMENTS.find((a) => a.metric === 'streak' && a.target === step.fromDay)?.reward ?? 0,
}));

function MilestoneLadder({ longest }: { longest: number }) {
  return (
    <div className="mt-auto">
      <h3 className="text-sm font-semibold text-slate-900">Streak milestones</h3>
      <ol className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {milestones.map((m) => {
          const reached = longest >= m.day;
          return (
            <li
              key={m.day}
              className={`rounded-xl border px-3 py-2 text-center ${reached ? 'border-gold-400 bg-gold-400/15' : 'border-slate-200'}`}
            >
              <p className="font-bold text-slate-900">{days(m.day)}</p>
              <p className="text-xs text-slate-600">
                +{m.reward} once, then +{m.bonus} a day
              </p>
              {reached && <p className="text-xs font-semibold text-emerald-800">Reached</p>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The streak (counted when the dashboard opens: `bonus` is what today's visit paid) and the level. */
export function StreakLevelCard({ bonus }: { bonus: number }) {
  const stats = useGamificationStats();

  if (stats.isPending)
    return (
      <Card className="h-full">
        <Spinner label="Loading your streak..." />
      </Card>
    );
  if (stats.isError)
    return (
      <Card className="flex h-full items-center justify-center">
        <LoadError what="Your streak and level" />
      </Card>
    );
  const { streak, level, experience, experienceForNext } = stats.data;
  const levelStart = LEVEL_THRESHOLDS[level - 1] ?? 0;
  return (
    <Card className="flex h-full flex-col gap-5 p-6" data-testid="streak-level-card">
      <div className="flex items-start gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-orange-100 text-orange-600">
          <Flame aria-hidden className="h-6 w-6" />
        </span>
        <div>
          <h2 className="text-lg font-bold text-slate-900">{days(streak.current)} in a row</h2>
          <p className="text-sm text-slate-600">
            {bonus > 0 && `+${entriesLabel(bonus)} for today. `}
            Come back tomorrow for +{entriesLabel(streak.nextBonus)}.
          </p>
          {streak.nextMilestone !== null && (
            <p className="mt-1 text-sm text-slate-600">
              {days(streak.daysUntilMilestone ?? 0)} to your {streak.nextMilestone}-day milestone.
            </p>
          )}
        </div>
      </div>
      <div className="flex items-start gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-gold-400/25 text-brand-900">
          <Star aria-hidden className="h-6 w-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold text-slate-900">Level {level}</h2>
          {experienceForNext === null ? (
            <p className="text-sm text-slate-600">Top level reached, with {count(experience)} experience.</p>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                {count(experience)} / {count(experienceForNext)} experience to level {level + 1}
              </p>
              <ProgressBar
                className="mt-2"
                label={`Progress to level ${level + 1}`}
                value={experience - levelStart}
                max={experienceForNext - levelStart}
              />
            </>
          )}
          <p className="mt-2 text-xs text-slate-500">
            Every entry you earn is a point of experience; corrections by our staff are not.
          </p>
        </div>
      </div>
      <MilestoneLadder longest={streak.longest} />
    </Card>
  );
}
