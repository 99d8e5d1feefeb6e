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
