import { Award, Lock } from 'lucide-react';
import { ACHIEVEMENTS } from '../../../../contract/gamification-rules';
import { LoadError } from '../../../components/ui/load-error';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { count, ukDateTime } from '../../../lib/format';
import { useGamificationStats } from '../api/get-gamification-stats';

/** Every achievement: the ones earned, and the rest with their reward and how close they are. */
export function AchievementsGrid() {
  const { data, isPending, isError } = useGamificationStats();
  if (isPending) return <Spinner label="Loading achievements..." />;
  if (isError) return <LoadError what="Achievements" />;
  const earned = new Map(data.achievements.map((a) => [a.id, a.awardedAt]));
  return (
    <div className="p-5">
      <p className="mb-4 text-sm text-slate-600">
        {earned.size} of {ACHIEVEMENTS.length} unlocked. Each one adds its reward to your entries.
      </p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {ACHIEVEMENTS.map((a) => {
          const awardedAt = earned.get(a.id);
          const done = Math.min(data.progress[a.metric], a.target);
          return (
            <li
              key={a.id}
              data-testid={`achievement-${a.id}`}
              className={`flex gap-3 rounded-xl border p-3 ${awardedAt ? 'border-gold-400 bg-gold-400/10' : 'border-slate-200'}`}
            >
              <span
                className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${awardedAt ? 'bg-gold-400 text-brand-950' : 'bg-slate-100 text-slate-500'}`}
              >
                {awardedAt ? (
                  <Award aria-hidden className="h-5 w-5" />
                ) : (
                  <Lock aria-hidden className="h-4 w-4" />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  {a.title} <span className="text-sm font-bold text-brand-700">+{a.reward}</span>
                </p>
                <p className="text-sm text-slate-600">{a.description}</p>
                {awardedAt ? (
                  <p className="mt-1 text-xs font-medium text-emerald-800">
                    Unlocked {ukDateTime(awardedAt)}
                  </p>
                ) : (
                  a.target > 1 && (
                    <div className="mt-2 flex items-center gap-2">
                      <ProgressBar
                        className="flex-1"
                        label={`${a.title} progress`}
                        value={done}
                        max={a.target}
                      />
                      <span className="text-xs text-slate-600">
                        {count(done)}/{count(a.target)}
                      </span>
                    </div>
                  )
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
