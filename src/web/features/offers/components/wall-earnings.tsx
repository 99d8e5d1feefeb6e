import type { AdminWall } from '../../../../contract/offer-walls';
import { ScrollCard } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { useAdminWalls } from '../api/get-admin-walls';
import { WALL_FIGURES } from './wall-figures';

const COLUMNS: Column<AdminWall>[] = [
  { header: 'Wall', rowHeader: true, td: 'font-semibold text-slate-900', cell: (w) => w.name },
  ...WALL_FIGURES.map(
    ([label, value]): Column<AdminWall> => ({ header: label, align: 'right', cell: (w) => value(w.stats) }),
  ),
];

/** The Dashboard's view of what each offer wall has earned so far, and given. */
export function WallEarnings() {
  const { data, isPending, isError } = useAdminWalls();
  return (
    <section aria-labelledby="wall-earnings-heading">
      <h2 id="wall-earnings-heading" className="mb-3 text-xl font-bold">
        What each offer wall earned
      </h2>
      <ScrollCard label="Figures by wall">
        {isPending ? (
          <Spinner label="Loading offer walls..." />
        ) : isError ? (
          <LoadError what="The offer walls" />
        ) : !data.walls.length ? (
          <p className="px-5 py-4 text-sm text-slate-600">
            No offer walls yet: add one in the Offer Walls tab.
          </p>
        ) : (
          <Table
            rows={data.walls}
            rowKey={(w) => w._id}
            columns={COLUMNS}
            look={{ head: 'bg-slate-50 text-slate-700', th: 'px-4 py-3', td: 'px-4 py-2.5' }}
          />
        )}
      </ScrollCard>
    </section>
  );
}
