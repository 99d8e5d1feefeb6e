/** Calendar rules (draw days, streak days, weeks) follow UK time, whatever the server's zone. */
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' });
const hour = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
});

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const londonWeekday = (date: Date) => weekday.format(date) as Weekday;
export const londonHour = (date: Date) => Number(hour.format(date));

/** Draws run from 8:00 PM UK time on the prize's draw day. */
export const DRAW_HOUR = 20;
