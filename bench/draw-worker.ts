/**
 * One timed run, in a process of its own so its peak memory is its own:
 * `node --import tsx bench/draw-worker.ts <hmac|draw> <participants>`. Both
 * modes make the participants first, untimed; `hmac` then times a bare loop of
 * one HMAC-SHA256 per participant, `draw` the server's draw of them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { pickWinners } from '../src/server/features/prizes/pick-winners';

const [mode, countText] = process.argv.slice(2);
const count = Number(countText);
const participants = Array.from({ length: count }, (_, i) => ({
  _id: randomBytes(16).toString('hex'),
  entries: 1 + (i % 50),
}));
const seed = randomBytes(32);
const snapshot = randomBytes(32).toString('hex');

const started = performance.now();
if (mode === 'hmac') {
  for (const p of participants) createHmac('sha256', seed).update(`${snapshot}:${p._id}`).digest();
} else {
  pickWinners(seed.toString('hex'), snapshot, participants, 10);
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
