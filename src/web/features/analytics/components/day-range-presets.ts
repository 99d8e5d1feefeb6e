import type { DayRange } from '../api/get-analytics';

/** A UK calendar day, `n` days before `day` (YYYY-MM-DD, whole days). */
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

function lastMonth(): DayRange {
  const [y, m] = today().split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(m === 1 ? y - 1 : y, (m + 10) % 12, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The ranges of UK days the Dashboard offers with one click. */
export const presets: Array<{ label: string; range: () => DayRange }> = [
  { label: 'Last 7 days', range: () => ({ from: daysBefore(today(), 6), to: today() }) },
  { label: 'Last 30 days', range: () => ({ from: daysBefore(today(), 29), to: today() }) },
  { label: 'Last 90 days', range: () => ({ from: daysBefore(today(), 89), to: today() }) },
  { label: 'Last month', range: lastMonth },
];
