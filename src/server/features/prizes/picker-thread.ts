/**
 * A second draw picker on a thread of its own (second-picker.ts starts it):
 * it signs the snapshot slices it is sent, and answers the best of them when
 * sent `null`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { WinnerPicker } from './pick-winners';

const { key, snapshotHash, count } = workerData as { key: string; snapshotHash: string; count: number };
const picker = new WinnerPicker(key, snapshotHash, count);
parentPort!.on('message', (lines: string | null) => {
  if (lines === null) parentPort!.postMessage(picker.ranked());
  else picker.addLines(lines);
});
