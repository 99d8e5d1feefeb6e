import { lazy, Suspense, useMemo } from 'react';
import type { AnalyticsDay } from '../../../../contract/analytics';
import { Card, ScrollCard } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { count } from '../../../lib/format';
import type { Series } from './line-chart';

// The chart library loads with the first chart, on the admin page only.
const LineChart = lazy(() => import('./line-chart'));

/** One chart with its figures as a table for those who cannot see the canvas. */
export function ChartCard({
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
          <Table
            rows={labels}
            rowKey={(day) => day}
            columns={[
              { header: 'Day', rowHeader: true, td: 'font-normal whitespace-nowrap', cell: (day) => day },
              ...series.map(
                (s): Column<string> => ({
                  header: s.label,
                  align: 'right',
                  cell: (_, i) => format(s.values[i] ?? 0),
                }),
              ),
            ]}
            look={{
              table: 'w-full min-w-[480px] text-left',
              head: 'bg-slate-50 text-slate-700',
              th: 'px-3 py-2',
              td: 'px-3 py-1.5',
            }}
          />
        </ScrollCard>
      </details>
    </Card>
  );
}
