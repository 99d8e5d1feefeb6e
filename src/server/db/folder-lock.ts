import { join } from 'node:path';
import { lock } from 'proper-lockfile';

/** The lock proper-lockfile keeps in DATA_DIR while a process has the embedded database open. */
export const LOCK_FILE = 'prizedraw.lock';

/**
 * A lock not refreshed for this long was left by a process that died, and is taken over. The holder
 * refreshes it every half of this.
 */
export const LOCK_STALE_MS = 10_000;

/**
 * Takes the embedded database's folder for this process, or throws naming the
 * folder: PGlite serves one process, and a second one writing the same files
 * corrupts them. proper-lockfile makes the lock with mkdir, which only one
 * process can win, and keeps it fresh while this one runs, so a lock left by a
 * crash goes stale and is taken over. Answers the function that gives it back.
 * Should the lock be lost while running (its folder deleted, say), the process
 * stops rather than go on writing beside another.
 */
export async function lockFolder(dir: string): Promise<() => Promise<void>> {
  let release: () => Promise<void>;
  try {
    release = await lock(dir, {
      lockfilePath: join(dir, LOCK_FILE),
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 2,
      onCompromised: (err) => {
        console.error(`The embedded database's lock on ${dir} was lost: ${err.message}`);
        process.exit(1);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new Error(
        `The embedded database in ${dir} is in use by another process. Stop it first, or give this one a DATA_DIR of its own.`,
      );
    throw err;
  }
  let released: Promise<void> | undefined;
  return () => (released ??= release());
}
