import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The file in DATA_DIR that says which process has the embedded database open. */
export const LOCK_FILE = 'prizedraw.lock';

/** Whether a process with this id is running (one we may not signal is running too). */
function running(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process, or throws naming the
 * folder and the process that has it: PGlite serves one process, and a second
 * one writing the same files corrupts them. The lock is a file created only if
 * it does not exist, holding this process's id; one left by a process that
 * has died is taken over. Answers the function that gives the folder back.
 */
export function lockFolder(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (running(holder))
        throw new Error(
          `The embedded database in ${dir} is in use by another process (pid ${holder}). Stop it first, or give this one a DATA_DIR of its own.`,
        );
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return () => rmSync(file, { force: true });
  }
  throw new Error(
    `Could not take the embedded database in ${dir}: another process took it at the same moment.`,
  );
}
