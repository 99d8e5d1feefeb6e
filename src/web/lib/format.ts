import {
  DAY_MS,
  WEEKDAYS as DAY_NAMES,
  DRAW_HOUR,
  HOUR_MS,
  MINUTE_MS,
  type Weekday,
} from '../../contract/constants';
import { PENCE_PER_POUND, penceToPounds, poundsToPence } from '../../contract/money';

/**
 * A whole number as the UK writes it: 1,250. Written out rather than through Intl: a page's first
 * Intl formatter loads the locale's data, tens of milliseconds of a phone's main thread on first load.
 */
export function count(n: number): string {
  const digits = String(Math.abs(Math.round(n)));
  return `${n < 0 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** Pounds as the UK writes them: £500, £479.99, £1,000.50. */
export function pounds(value: number): string {
  const pence = poundsToPence(Math.abs(value));
  const whole = count(Math.floor(penceToPounds(pence)));
  const sign = value < 0 ? '-' : '';
  if (Number.isInteger(value)) return `${sign}£${whole}`;
  return `${sign}£${whole}.${String(pence % PENCE_PER_POUND).padStart(2, '0')}`;
}

/** A count with its noun: 1 winner, 1,250 people. */
export const counted = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** A chance as a percent, to a hundredth as the odds are kept: 75%, 0.25%. */
export const percent = (fraction: number) => `${+(fraction * 100).toFixed(2)}%`;

export const entriesLabel = (n: number) => counted(n, 'entry', 'entries');

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** 01:00 UTC on the last Sunday of a month: when UK clocks change, in March and October. */
function clockChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * An instant as a UK clock shows it, to read with the UTC getters. Worked out here rather than by
 * Intl for the same reason as `count`: a time zone's first use costs more than a whole page's render.
 */
function ukClock(date: Date): Date {
  const t = date.getTime();
  const year = date.getUTCFullYear();
  const summer = t >= clockChange(year, 2) && t < clockChange(year, 9);
  return new Date(summer ? t + HOUR_MS : t);
}

/** Today's date on a UK calendar, as a date input takes it (2026-12-07). */
export const ukToday = (now = new Date()) => ukClock(now).toISOString().slice(0, 10);

/** SPEC's relative time: Just now, Nm ago, Nh ago, Yesterday, Nd ago, then a date such as 20 Nov. */
export function relativeTime(iso: string, now = new Date()): string {
  const then = new Date(iso);
  const ago = Math.max(0, now.getTime() - then.getTime());
  if (ago < MINUTE_MS) return 'Just now';
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)}m ago`;
  if (ago < DAY_MS) return `${Math.floor(ago / HOUR_MS)}h ago`;
  const days = Math.floor(ago / DAY_MS);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days}d ago`;
  const uk = ukClock(then);
  return `${uk.getUTCDate()} ${MONTHS[uk.getUTCMonth()]}`;
}

/** Time left on a prize card: 'Ended', 'Nd Nh' or 'Nh'. */
export function timeLeft(endIso: string, now = new Date()): string {
  const left = new Date(endIso).getTime() - now.getTime();
  if (left <= 0) return 'Ended';
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  return days > 0 ? `${days}d ${hours}h` : `${hours}h`;
}

/** Time remaining on the prize page: days, hours and minutes, or 'Ended'. */
export function timeRemaining(endIso: string, now = new Date()): string {
  const left = new Date(endIso).getTime() - now.getTime();
  if (left <= 0) return 'Ended';
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  return days > 0 ? `${days}d ${hours}h ${minutes}m` : hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
}

/** A date and time as UK readers expect, in UK time: Fri, 27 Nov 2026, 8:00 pm. */
export function ukDateTime(iso: string): string {
  const uk = ukClock(new Date(iso));
  const hour = uk.getUTCHours();
  const minutes = String(uk.getUTCMinutes()).padStart(2, '0');
  const date = `${WEEKDAYS[uk.getUTCDay()]}, ${uk.getUTCDate()} ${MONTHS[uk.getUTCMonth()]} ${uk.getUTCFullYear()}`;
  return `${date}, ${hour % 12 || 12}:${minutes} ${hour < 12 ? 'am' : 'pm'}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A day as the server's letters write it, in UK time: 20 May 2027. */
export function ukLongDate(iso: string): string {
  const uk = ukClock(new Date(iso));
  return `${uk.getUTCDate()} ${MONTH_NAMES[uk.getUTCMonth()]} ${uk.getUTCFullYear()}`;
}

/**
 * When a prize closing at `endIso` is drawn: the first evening of its draw day at or after it closes
 * (the hourly check draws from DRAW_HOUR), as "Fri, 11 Dec 2026".
 */
export function drawDayAfter(endIso: string, drawDay: string): string {
  const uk = ukClock(new Date(endIso));
  // The contract's week starts on Monday; getUTCDay's on Sunday.
  const target = (DAY_NAMES.indexOf(drawDay as Weekday) + 1) % 7;
  const day = new Date(
    Date.UTC(uk.getUTCFullYear(), uk.getUTCMonth(), uk.getUTCDate() + ((target - uk.getUTCDay() + 7) % 7)),
  );
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** When draws run, as the site writes it: 8:00 PM. */
export const DRAW_TIME = `${DRAW_HOUR % 12 || 12}:00 ${DRAW_HOUR < 12 ? 'AM' : 'PM'}`;
