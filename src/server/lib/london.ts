import { HOUR_MS, type Weekday } from '../../contract/constants';

/** Calendar rules (draw days, streak days, weeks) follow UK time, whatever the server's zone. */
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' });
const hour = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
});

export const londonWeekday = (date: Date) => weekday.format(date) as Weekday;
export const londonHour = (date: Date) => Number(hour.format(date));

/** The first whole hour after `after` that is `hour` o'clock on `day` in the UK (UK offsets are whole hours). */
export function nextLondonTime(after: Date, day: Weekday, hour: number): Date {
  let t = Math.floor(after.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
  for (let i = 0; i < 24 * 8; i++, t += HOUR_MS) {
    const d = new Date(t);
    if (londonWeekday(d) === day && londonHour(d) === hour) return d;
  }
  throw new Error(`no ${day} ${hour}:00 within a week of ${after.toISOString()}`);
}

const ymd = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/London',
});

/** The London calendar day of an instant, as YYYY-MM-DD (streak days, leaderboard periods). */
export const londonDay = (date: Date) => ymd.format(date);

/** The instant a London calendar day began: midnight UK time, which is 23:00 UTC the day before in summer. */
export function londonMidnight(date: Date): Date {
  const day = londonDay(date);
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  // UK time is UTC or one hour ahead, so midnight there is one of these two instants.
  const summer = new Date(utcMidnight.getTime() - HOUR_MS);
  return londonDay(summer) === day ? summer : utcMidnight;
}

/** The day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** All-time totals are one period that started long before anyone joined. */
export const ALLTIME_START = '1970-01-01';

/** The first London day of each leaderboard period containing `date`: its week (from Monday), month, and all time. */
export function periodStarts(date: Date) {
  const day = londonDay(date);
  const mondayBased = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { weekly: addDays(day, -mondayBased), monthly: `${day.slice(0, 8)}01`, alltime: ALLTIME_START };
}

const clockTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** A time of day in the UK, as 14:35. */
export const londonTime = (date: Date) => clockTime.format(date);

const dayAndMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/London',
});

/** A UK calendar day as people write it, as 27 November. */
export const londonDate = (date: Date) => dayAndMonth.format(date);
