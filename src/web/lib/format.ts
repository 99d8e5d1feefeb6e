import { DAY_MS, DRAW_HOUR, HOUR_MS, MINUTE_MS } from '../../contract/constants';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 2 });
const gbpWhole = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** Pounds as the UK writes them: £500, £479.99. */
export const pounds = (value: number) => (Number.isInteger(value) ? gbpWhole : gbp).format(value);

export const entriesLabel = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;

const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Europe/London',
});
const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Europe/London',
});

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
  return shortDate.format(then);
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
export const ukDateTime = (iso: string) => longDate.format(new Date(iso));

/** When draws run, as the site writes it: 8:00 PM. */
export const DRAW_TIME = `${DRAW_HOUR % 12 || 12}:00 ${DRAW_HOUR < 12 ? 'AM' : 'PM'}`;
