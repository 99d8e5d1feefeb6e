import { LEVEL_THRESHOLDS } from '../../../contract/gamification-rules';

/** Level 1 from the start; each threshold reached is a level more. Experience is entries earned. */
export function levelFor(experience: number) {
  let level = 0;
  while (level < LEVEL_THRESHOLDS.length && experience >= LEVEL_THRESHOLDS[level]!) level++;
  return { level, experience, experienceForNext: LEVEL_THRESHOLDS[level] ?? null };
}
