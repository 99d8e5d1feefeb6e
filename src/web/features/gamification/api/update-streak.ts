import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { gamificationApi, type StreakUpdateResponse } from '../../../../contract/gamification';
import { call } from '../../../lib/call';

/** Counts today's visit (SPEC §4: the streak is updated when the dashboard loads). */
export const updateStreak = () => call(gamificationApi.updateStreak);

/** A second visit the same day pays and unlocks nothing: the dashboard need not load again. */
const changedNothing = (result: unknown) => {
  const { bonusAwarded, newAchievements } = result as StreakUpdateResponse;
  return bonusAwarded === 0 && newAchievements.length === 0;
};

export const useUpdateStreak = () => useMutation({ mutationFn: updateStreak, meta: { changedNothing } });

/**
 * Counts today's visit once when the dashboard opens. The dashboard reads what the visit changes
 * (its bonus in recent activity), so it reads once this has settled, not alongside it.
 */
export function useCountedVisit() {
  const visit = useUpdateStreak();
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    visit.mutate();
  }, [visit]);
  return { bonusAwarded: visit.data?.bonusAwarded ?? 0, settled: visit.isSuccess || visit.isError };
}
