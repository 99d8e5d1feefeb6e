import { useMutation } from '@tanstack/react-query';
import type { StreakUpdateResponse } from '../../../../contract/gamification';
import { api } from '../../../lib/api-client';

/** Counts today's visit (SPEC §4: the streak is updated when the dashboard loads). */
export const updateStreak = () =>
  api<StreakUpdateResponse>('/gamification/streak/update', { method: 'POST' });

export const useUpdateStreak = () => useMutation({ mutationFn: updateStreak });
