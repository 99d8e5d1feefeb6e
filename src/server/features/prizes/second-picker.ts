import { Worker } from 'node:worker_threads';
import type { Ranked } from '../../../shared/draw-keys';

/**
 * Built, the thread is picker-thread.js beside the server's main.js (scripts/build-server.ts); run
 * from the sources (tests, tsx), it is TypeScript, loaded through tsx.
 */
function startThread(workerData: unknown) {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./picker-thread.js', import.meta.url), { workerData });
  const source = new URL('./picker-thread.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true, workerData },
  );
}

/**
 * Half a big draw's HMACs on a second core: slices of the snapshot are posted to
 * a picker on its own thread, which answers its best when asked. The two best
 * lists together hold the draw's best, whoever signed each participant.
 */
export class SecondPicker {
  private readonly thread: Worker;
  private readonly answer: Promise<Ranked[]>;

  constructor(key: string, snapshotHash: string, count: number) {
    this.thread = startThread({ key, snapshotHash, count });
    this.answer = new Promise((resolve, reject) => {
      this.thread.once('message', resolve);
      this.thread.once('error', reject);
      this.thread.once('exit', (code) => reject(new Error(`the draw's second picker stopped (${code})`)));
    });
    // Awaited by best(); should the draw fail before asking, its failure must not go unhandled.
    this.answer.catch(() => {});
  }

  add(lines: string) {
    this.thread.postMessage(lines);
  }

  /** The best of every slice it was given. */
  best() {
    this.thread.postMessage(null);
    return this.answer;
  }

  stop() {
    void this.thread.terminate();
  }
}
