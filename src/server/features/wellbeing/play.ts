import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { DAY_MS } from '../../../contract/constants';
import { NIGHT_HOURS, NIGHT_MIN_HOURS, type WellbeingKind } from '../../../contract/wellbeing';
import type { Config } from '../../config';
import { type Executor, rowsOf } from '../../db/client';
import { playDays, wellbeingSignals } from '../../db/schema';
import { londonDay, londonHour } from '../../lib/london';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { staffNotices, tellStaff } from '../notifications/staff-notices';

const NIGHT_MASK = NIGHT_HOURS.reduce<number>((mask, h) => mask | (1 << h), 0);
const bitsIn = (n: number) => n.toString(2).replaceAll('0', '').length;
/** The UK day `days` before `day` (YYYY-MM-DD), as dates count: no clock change moves it. */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** Raised once per run of days or per night: the member reminded, staff told (DESIGN §19). */
async function raise(tx: Executor, userId: string, kind: WellbeingKind, since: string, now: Date) {
  const [made] = await tx
    .insert(wellbeingSignals)
    .values({ userId, kind, since, raisedAt: now })
    .onConflictDoNothing()
    .returning({ id: wellbeingSignals.id });
  if (!made) return;
  await notify(tx, userId, notices.wellbeing(kind, since), now);
  await tellStaff(tx, 'members', staffNotices.wellbeing({ id: made.id, userId, kind }), now);
}

/**
 * Notes that the member played (entered or spun) now, in the caller's transaction, after the member's
 * row is locked. One upsert a play; only a new day or a new hour of the night reads further: more than
 * PLAY_DAYS_IN_A_ROW days in a row, or NIGHT_MIN_HOURS of the night's hours, raise a signal.
 */
export async function notePlay(
  tx: Executor,
  { playDaysInARow }: Pick<Config, 'playDaysInARow'>,
  userId: string,
  now: Date,
) {
  const day = londonDay(now);
  const bit = 1 << londonHour(now);
  const [changed] = await rowsOf<{ hours: number; fresh: boolean }>(
    tx,
    sql`insert into play_days (user_id, day, hours) values (${userId}, ${day}, ${bit})
        on conflict (user_id, day) do update set hours = play_days.hours | excluded.hours
        where play_days.hours & excluded.hours = 0
        returning hours, (xmax = 0) as fresh`,
  );
  if (!changed) return;
  if (changed.fresh) {
    const recent = await tx
      .select({ day: playDays.day })
      .from(playDays)
      .where(and(eq(playDays.userId, userId), gte(playDays.day, daysBefore(day, playDaysInARow + 1))))
      .orderBy(desc(playDays.day));
    let run = 0;
    while (run < recent.length && recent[run]!.day === daysBefore(day, run)) run++;
    // Raised on the day the run first passes the limit: a longer run was raised on that day already.
    if (run === playDaysInARow + 1)
      await raise(tx, userId, 'days_in_a_row', daysBefore(day, playDaysInARow), now);
  }
  if (bit & NIGHT_MASK && bitsIn(changed.hours & NIGHT_MASK) >= NIGHT_MIN_HOURS)
    await raise(tx, userId, 'night', day, now);
}
