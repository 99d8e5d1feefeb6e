import { existsSync } from 'node:fs';

/** Debian's chromium, which Lighthouse and the draw check's page both run on (as the browser tests do). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Says so at once when the browser is missing, rather than after the database has been filled. */
export function assertBrowser() {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium not found at ${CHROMIUM}: run scripts/ensure-chromium.sh, or set CHROMIUM_PATH`,
    );
}
