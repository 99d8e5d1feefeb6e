import { Plus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { type AdminWall, ENTRIES_FROM_REWARD, PROVIDER_NAMES } from '../../../../contract/offer-walls';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { count } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useAdminWalls } from '../api/get-admin-walls';
import { useUpdateWall } from '../api/save-wall';
import { WALL_FIGURES } from './wall-figures';
import { WallForm } from './wall-form';

/** The admin's Offer Walls tab: each wall with what it has earned, its postback address, and add, edit, switch on or off. */
export function WallManager() {
  const { data, isPending, isError } = useAdminWalls();
  const update = useUpdateWall();
  const [editing, setEditing] = useState<AdminWall | 'new' | null>(null);
  const setActive = (wall: AdminWall, active: boolean) =>
    submitWithToast(update.mutateAsync, {
      success: `${wall.name} is ${active ? 'shown to' : 'hidden from'} members`,
      error: 'The offer wall could not be saved',
    })({ id: wall._id, body: { active } });

  return (
    <section>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-bold">Offer walls</h2>
        {editing === null && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden className="h-4 w-4" /> Add wall
          </Button>
        )}
      </div>
      {data?.postbackWarning && (
        <p
          role="status"
          className="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          {data.postbackWarning}
        </p>
      )}
      {editing !== null && (
        <Card className="mb-4 p-5">
          <WallForm
            key={editing === 'new' ? 'new' : editing._id}
            wall={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        </Card>
      )}
      {isPending ? (
        <Card>
          <Spinner label="Loading offer walls..." />
        </Card>
      ) : isError ? (
        <Card>
          <LoadError what="The offer walls" />
        </Card>
      ) : !data.walls.length ? (
        <Card>
          <EmptyState icon={Wallet} title="No offer walls yet">
            Add a wall for each provider you have signed up with. Members see one tab for each wall that is
            on.
          </EmptyState>
        </Card>
      ) : (
        <ul className="space-y-4" aria-label="Offer walls">
          {data.walls.map((wall) => (
            <li key={wall._id}>
              <Card className="p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
                    <p className="font-bold text-slate-900">{wall.name}</p>
                    <p className="text-sm text-slate-600">
                      {PROVIDER_NAMES[wall.provider]} ·{' '}
                      {ENTRIES_FROM_REWARD.includes(wall.provider)
                        ? 'entries as the reward it signs'
                        : `${count(wall.entriesPerPound)} entries per £1`}{' '}
                      · {wall.active ? 'Shown to members' : 'Switched off'}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setEditing(wall)}>
                      Edit
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setActive(wall, !wall.active)}>
                      {wall.active ? 'Switch off' : 'Switch on'}
                    </Button>
                  </div>
                </div>
                <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {WALL_FIGURES.map(([label, value]) => (
                    <div key={label} className="rounded-xl bg-slate-50 p-3">
                      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
                      <dd className="text-lg font-extrabold text-slate-900">{value(wall.stats)}</dd>
                    </div>
                  ))}
                </dl>
                <p className="mt-4 text-sm font-semibold text-slate-800">
                  Postback address to give {PROVIDER_NAMES[wall.provider]}
                </p>
                <code className="mt-1 block rounded-lg bg-slate-100 p-2 font-mono text-xs break-all text-slate-800">
                  {wall.postbackUrl}
                </code>
                {wall.ipAllowlist.length > 0 && (
                  <p className="mt-2 text-sm text-slate-600">
                    Postbacks accepted only from {wall.ipAllowlist.join(', ')}
                  </p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
