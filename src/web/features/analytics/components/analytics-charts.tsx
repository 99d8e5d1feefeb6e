import { BarChart3, Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type AnalyticsDay, analyticsApi } from '../../../../contract/analytics';
import { ANALYTICS_MAX_DAYS, EARNED_SOURCES } from '../../../../contract/operator-rules';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-client';
import { SOURCE_TEXT } from '../../../lib/earned-sources';
import { count, pounds } from '../../../lib/format';
import { downloadFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { type DayRange, useAnalytics } from '../api/get-analytics';
import { ChartCard } from './chart-card';
import { presets } from './day-range-presets';
import { SOURCE_COLOURS } from './earned-source-styles';

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

  // The days shown, as a file: the range on screen, not what is typed and not yet shown.
  const download = async () => {
    try {
      await downloadFile(analyticsApi.csv, { query: range }, `analytics-${range.from}-to-${range.to}.csv`);
    } catch (err) {
      toast.error(errorText(err, 'Failed to download the figures'));
    }
  };

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
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Show</Button>
          <Button variant="secondary" onClick={() => void download()}>
            <Download aria-hidden className="h-4 w-4" /> Download CSV
          </Button>
        </div>
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
          <ChartCard title="Entries earned by source, and spent" days={data} series={series.entries} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <ChartCard title="Sign-ups and active members" days={data} series={series.members} />
            <ChartCard title="Cash won and paid" days={data} series={series.cash} format={pounds} />
          </div>
          <ChartCard
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
