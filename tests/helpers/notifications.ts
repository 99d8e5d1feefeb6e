import { dispatchNotifications } from '../../src/server/features/notifications/sending';
import { siteKeys } from '../../src/server/features/notifications/site-keys';
import type { TestApp } from './app';

/** What the scheduler does as notifications are announced: queue each one's email and pushes. */
export const sendOn = (t: Pick<TestApp, 'db' | 'config' | 'clock'>) =>
  dispatchNotifications({
    db: t.db,
    siteUrl: t.config.siteUrl,
    keys: siteKeys(t.db, t.config),
    now: () => t.clock.now(),
  });
