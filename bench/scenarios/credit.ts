import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { credit } from '../../src/server/lib/ledger';
import { alternate } from '../measure';
import type { Line } from '../report';
import type { RunningSite } from '../site';

/** How many filled members the credits are spread over. */
const CREDITED_MEMBERS = 100_000;

/**
 * More turns than the other lines: on this shared machine one round's ratio ranges from 1.1× to
 * 1.6× on the same code, the widest spread of any line, and a median of three swings across the goal.
 */
const creditRounds = (rounds: number) => rounds * 2 + 1;

/** Credits per second through the ledger from `workers` at once, each to a member picked at random. */
async function creditRate(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  members: string[],
  workers: number,
  seconds: number,
  earned: boolean,
) {
  let done = 0;
  const started = Date.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        await credit(db, {
          userId: members[Math.floor(Math.random() * members.length)]!,
          amount: 1,
          reason: 'admin_adjustment',
          idempotencyKey: `bench:${randomUUID()}`,
          at: new Date(),
          earned,
        });
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

/**
 * An entries credit that is earned, and so moves the week's, month's and all
 * time's totals, against one that is not (a refund), the same ledger row and
 * balance change without them: goal, at most 1.5× the cost. On PostgreSQL,
 * whose database the bench can share with the running site.
 */
export async function creditScenario(
  site: RunningSite,
  opts: { connections: number; seconds: number; rounds: number; command: string },
): Promise<Line[]> {
  const database = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: '' });
  try {
    // Spread over many members, as a site's credits are: each among a million period totals.
    const members = (
      await database.db
        .select({ id: users.id })
        .from(users)
        .where(like(users.email, 'player%'))
        .limit(CREDITED_MEMBERS)
    ).map((u) => u.id);
    const rounds = creditRounds(opts.rounds);
    const r = await alternate(
      rounds,
      () => creditRate(database.db, members, opts.connections, opts.seconds, false),
      () => creditRate(database.db, members, opts.connections, opts.seconds, true),
    );
    const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-GB')} credits/s`;
    const cost = r.baseline / r.subject;
    return [
      {
        goal: `a credit with its period totals ≤ 1.5× the cost of one without, ${opts.connections} at once to members at random, ${rounds} rounds, PostgreSQL`,
        baseline: perSecond(r.baseline),
        measured: perSecond(r.subject),
        ratio: cost,
        pass: cost <= 1.5,
        command: opts.command,
      },
    ];
  } finally {
    await database.close();
  }
}
