import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { AnalyticsDay } from '../../../../contract/analytics';
import { ANALYTICS_MAX_DAYS, EARNED_SOURCES, type EarnedSource } from '../../../../contract/operator-rules';
import { Button } from '../../../components/ui/button';
import { Card, ScrollCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { count, pounds } from '../../../lib/format';
import { type DayRange, useAnalytics } from '../api/get-analytics';
import type { Series } from './line-chart';

// The chart library loads with the first chart, on the admin page only.
const LineChart = lazy(() => import('./line-chart'));

const SOURCE_TEXT: Record<EarnedSource, string> = {
  welcome: 'Welcome bonuses',
  tasks: 'Tasks',
  ads: 'Video ads',
  offers: 'Offers',
  referrals: 'Referrals',
  streaks: 'Streaks',
  achievements: 'Achievements',
  wheel: 'Wheel',
  leaderboard: 'Leaderboard',
  admin: 'Corrections',
};
/**
 * One hue per source, each dark enough to stand out on white (3:1 at least),
 * no two alike; corrections, and spending below, are dashed.
 */
const SOURCE_COLOURS: Record<EarnedSource, string> = {
  welcome: '#1d4ed8',
  tasks: '#0e7490',
  ads: '#c2410c',
  offers: '#7e22ce',
  referrals: '#be185d',
  streaks: '#15803d',
  achievements: '#a16207',
  wheel: '#78350f',
  leaderboard: '#475569',
  admin: '#1d4ed8',
};

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

const presets: Array<{ label: string; range: () => DayRange }> = [
  { label: 'Last 7 days', range: () => ({ from: daysBefore(today(), 6), to: today() }) },
  { label: 'Last 30 days', range: () => ({ from: daysBefore(today(), 29), to: today() }) },
  { label: 'Last 90 days', range: () => ({ from: daysBefore(today(), 89), to: today() }) },
  { label: 'Last month', range: lastMonth },
];

/** One chart with its figures as a table for those who cannot see the canvas. */
function Chart({
  title,
  days,
  series,
  format = count,
}: {
  title: string;
  days: AnalyticsDay[];
  series: Series[];
  format?: (n: number) => string;
}) {
  const labels = useMemo(() => days.map((d) => d.day), [days]);
  return (
    <Card className="p-5">
      <figure>
        <figcaption className="mb-3 text-lg font-bold text-slate-900">{title}</figcaption>
        <Suspense fallback={<Spinner label="Drawing the chart..." />}>
          <LineChart days={labels} series={series} format={format} />
        </Suspense>
      </figure>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">{title}: the figures</summary>
        <ScrollCard label={`${title}: the figures`} className="mt-2 shadow-none">
          <table className="w-full min-w-[480px] text-left">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Day
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="px-3 py-2 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {labels.map((day, i) => (
                <tr key={day}>
                  <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                    {day}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="px-3 py-1.5 text-right">
                      {format(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollCard>
      </details>
    </Card>
  );
}

const sum = (days: AnalyticsDay[], pick: (d: AnalyticsDay) => number) =>
  days.reduce((n, d) => n + pick(d), 0);
const earned = (d: AnalyticsDay) => EARNED_SOURCES.reduce((n, s) => n + d.earned[s], 0);

/** The Dashboard's day-by-day figures over a range of UK days: what members earned and spent, who joined, the cash. */
export function AnalyticsCharts() {
  const [range, setRange] = useState<DayRange>(presets[1]!.range);
  const [draft, setDraft] = useState(range);
  const { data, isPending, isError, isFetching } = useAnalytics(range);
  const series = useMemo(() => {
    if (!data) return null;
    return {
      entries: [
        ...EARNED_SOURCES.map((s) => ({
          label: SOURCE_TEXT[s],
          color: SOURCE_COLOURS[s],
          values: data.map((d) => d.earned[s]),
          dashed: s === 'admin',
        })),
        { label: 'Spent on prizes', color: '#111827', values: data.map((d) => d.spent), dashed: true },
      ],
      members: [
        { label: 'Sign-ups', color: '#1d4ed8', values: data.map((d) => d.signups) },
        { label: 'Active members', color: '#0f766e', values: data.map((d) => d.activeMembers) },
      ],
      cash: [
        { label: 'Cash won', color: '#b45309', values: data.map((d) => d.cashWon) },
        { label: 'Cash paid', color: '#15803d', values: data.map((d) => d.cashPaid) },
      ],
      revenue: [
        { label: 'Offer revenue', color: '#7e22ce', values: data.map((d) => d.offerRevenue) },
        {
          label: 'Prizes drawn (value)',
          color: '#111827',
          values: data.map((d) => d.prizeValue),
          dashed: true,
        },
      ],
    };
  }, [data]);

  return (
    <section className="space-y-4" aria-labelledby="analytics-heading" aria-busy={isFetching}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="analytics-heading" className="text-xl font-bold">
          Day by day
        </h2>
        <div className="flex flex-wrap gap-2">
          {presets.map((p) => (
            <Button
              key={p.label}
              size="sm"
              variant="secondary"
              onClick={() => {
                const next = p.range();
                setRange(next);
                setDraft(next);
              }}
            >
              {p.label}
            </Button>
          ))}
        </div>
      </div>
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setRange(draft);
        }}
      >
        <TextField
          label="From (UK day)"
          type="date"
          required
          value={draft.from}
          max={draft.to}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          label="To (UK day)"
          type="date"
          required
          value={draft.to}
          min={draft.from}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <Button type="submit">Show</Button>
      </form>
      <p className="text-xs text-slate-600">Up to {ANALYTICS_MAX_DAYS} days at a time.</p>
      {isPending ? (
        <Spinner label="Loading the figures..." />
      ) : isError || !data || !series ? (
        <Card>
          <LoadError what="The figures" />
        </Card>
      ) : !data.length ? (
        <Card>
          <EmptyState icon={BarChart3} title="No days in this range" />
        </Card>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[
              ['Sign-ups', count(sum(data, (d) => d.signups))],
              ['Entries earned', count(sum(data, earned))],
              ['Entries spent', count(sum(data, (d) => d.spent))],
              ['Cash won', pounds(sum(data, (d) => d.cashWon))],
              ['Cash paid', pounds(sum(data, (d) => d.cashPaid))],
              ['Offer revenue', pounds(sum(data, (d) => d.offerRevenue))],
              ['Prizes drawn', pounds(sum(data, (d) => d.prizeValue))],
            ].map(([label, value]) => (
              <Card key={label} className="p-4">
                <p className="text-sm text-slate-600">{label}</p>
                <p className="text-xl font-extrabold text-slate-900">{value}</p>
              </Card>
            ))}
          </div>
          <Chart title="Entries earned by source, and spent" days={data} series={series.entries} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <Chart title="Sign-ups and active members" days={data} series={series.members} />
            <Chart title="Cash won and paid" days={data} series={series.cash} format={pounds} />
          </div>
          <Chart
            title="Offer revenue against the prizes drawn"
            days={data}
            series={series.revenue}
            format={pounds}
          />
        </>
      )}
    </section>
  );
}
