/**
 * One timed run, in a process of its own so its peak memory is its own:
 * `node --import tsx bench/draw-worker.ts <hmac|draw> <database url> <prize id>`.
 * `hmac` reads the prize's snapshot ids into memory first, untimed, then times
 * a bare loop of one HMAC-SHA256 per id; `draw` times the server's draw of
 * that snapshot, read from the database in pages inside a transaction as the
 * server does it, holding nothing but the page in hand and the best keys.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fromPostgres } from '../src/server/db/client';
import { drawFromSnapshot } from '../src/server/features/prizes/snapshot';
import { eachLine } from '../src/server/features/prizes/snapshot-lines';

const [mode, url, prizeId] = process.argv.slice(2);
const database = fromPostgres(url!);
const seed = randomBytes(32);
const snapshot = randomBytes(32).toString('hex');

let ms: number;
if (mode === 'hmac') {
  const { rows } = (await database.db.execute(
    sql`select convert_from(lines, 'UTF8') lines from draw_snapshots where prize_id = ${prizeId}`,
  )) as unknown as { rows: Array<{ lines: string }> };
  const { lines } = rows[0]!;
  const ids: string[] = [];
  eachLine(lines, (start, end) => ids.push(lines.slice(start, end)));
  const started = performance.now();
  for (const id of ids) createHmac('sha256', seed).update(`${snapshot}:${id}`).digest();
  ms = performance.now() - started;
} else {
  await database.ping();
  const started = performance.now();
  await database.db.transaction((tx) =>
    drawFromSnapshot(tx, prizeId!, { key: seed.toString('hex'), snapshotHash: snapshot, count: 10 }),
  );
  ms = performance.now() - started;
}
await database.close();
console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
