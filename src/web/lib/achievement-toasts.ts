import toast from 'react-hot-toast';
import { ACHIEVEMENTS, type AchievementId } from '../../contract/gamification-rules';

/** One toast per achievement a call unlocked, with its reward. */
export function toastAchievements(result: unknown) {
  const ids = (result as { newAchievements?: AchievementId[] } | undefined)?.newAchievements;
  for (const id of ids ?? []) {
    const achievement = ACHIEVEMENTS.find((a) => a.id === id);
    if (achievement)
      toast.success(`Achievement unlocked: ${achievement.title}! +${achievement.reward} entries`);
  }
}
