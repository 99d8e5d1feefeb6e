import { Gift, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Prize } from '../../../../contract/prizes';
import { cancellableAlone, isEditable } from '../../../../shared/prize-rules';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { errorText } from '../../../lib/api-client';
import { entriesLabel, pounds, ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { statusLabel } from '../../../lib/prize-labels';
import { toast } from '../../../lib/toast';
import { useAdminPrizes } from '../api/get-admin-prizes';
import { useUpdatePrize } from '../api/update-prize';
import { CancelPrizeForm } from './cancel-prize-form';
import { PrizeForm } from './prize-form';

/** Every prize with its lifecycle actions: create, edit, activate a draft, cancel with refunds. */
export function PrizeManager() {
  const query = useAdminPrizes();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const update = useUpdatePrize();
  const [editing, setEditing] = useState<Prize | 'new' | null>(null);
  const now = new Date();

  async function activate(prize: Prize) {
    try {
      await update.mutateAsync({ id: prize._id, body: { status: 'active' } });
      toast.success(`${prize.title} is now open for entries`);
    } catch (err) {
      toast.error(errorText(err, 'Failed to activate the prize'));
    }
  }
  return (
    <section>
      <div className="mb-3 flex items-center justify-between">
        <h3 className="text-lg font-bold">Prizes</h3>
        {editing === null && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden className="h-4 w-4" /> New prize
          </Button>
        )}
      </div>
      {editing !== null && (
        <Card className="mb-4 p-5">
          <PrizeForm prize={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        </Card>
      )}
      <PagedList
        query={query}
        rows={rowsOf(query.data, 'prizes')}
        loading="Loading prizes..."
        failed="The prizes"
        more="prizes"
        boxed
        empty={
          <EmptyState icon={Gift} title="No prizes yet">
            Create the first prize to open it for entries.
          </EmptyState>
        }
      >
        {(prizes) => (
          <Card>
            <ul className="divide-y divide-slate-100">
              {prizes.map((p) => (
                <li key={p._id} className="flex flex-wrap items-center gap-3 px-5 py-4">
                  {/* A row of its own on a phone, so the buttons wrap below it rather than squeeze it. */}
                  <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
                    <p className="font-semibold text-slate-900">{p.title}</p>
                    <p className="text-sm text-slate-600">
                      {statusLabel(p.status)} · {pounds(p.value)} · {entriesLabel(p.totalEntries)} · closes{' '}
                      {ukDateTime(p.endDate)}
                    </p>
                  </div>
                  {isEditable(p, now) && (
                    <Button size="sm" variant="secondary" onClick={() => setEditing(p)}>
                      Edit
                    </Button>
                  )}
                  {p.status === 'draft' && (
                    <Button size="sm" variant="secondary" onClick={() => activate(p)}>
                      Activate
                    </Button>
                  )}
                  {cancellableAlone({ ...p, frozen: p.snapshotHash !== null }, now) && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-expanded={cancelling === p._id}
                      onClick={() => setCancelling(cancelling === p._id ? null : p._id)}
                    >
                      Cancel prize
                    </Button>
                  )}
                  {cancelling === p._id && <CancelPrizeForm prize={p} onDone={() => setCancelling(null)} />}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </PagedList>
    </section>
  );
}
