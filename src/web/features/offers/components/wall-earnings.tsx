import { ScrollCard } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminWalls } from '../api/get-admin-walls';
import { WALL_FIGURES } from './wall-figures';

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
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Wall
                </th>
                {WALL_FIGURES.map(([label]) => (
                  <th key={label} scope="col" className="px-4 py-3 text-right">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.walls.map((w) => (
                <tr key={w._id}>
                  <th scope="row" className="px-4 py-2.5 font-semibold text-slate-900">
                    {w.name}
                  </th>
                  {WALL_FIGURES.map(([label, value]) => (
                    <td key={label} className="px-4 py-2.5 text-right">
                      {value(w.stats)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ScrollCard>
    </section>
  );
}
