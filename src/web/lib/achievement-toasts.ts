import type { AchievementId } from '../../contract/gamification-rules';
import { toast } from './toast';

/**
 * One toast per achievement a call unlocked, with its reward. The catalogue
 * is read only when there is one to show: most calls unlock none, and the
 * first load need not carry it (the pages that list achievements load it anyway).
 */
export function toastAchievements(result: unknown) {
  const ids = (result as { newAchievements?: AchievementId[] } | undefined)?.newAchievements;
  if (!ids?.length) return;
  void import('../../contract/gamification-rules').then(({ ACHIEVEMENTS }) => {
    for (const id of ids) {
      const achievement = ACHIEVEMENTS.find((a) => a.id === id);
      if (achievement)
        toast.success(`Achievement unlocked: ${achievement.title}! +${achievement.reward} entries`);
    }
  });
}
