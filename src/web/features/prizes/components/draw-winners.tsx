import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DrawResponse } from '../../../../contract/draws';
import type { Prize } from '../../../../contract/prizes';
import { RiskBadge } from '../../../components/risk-signals';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { counted, entriesLabel, pounds, ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { toast } from '../../../lib/toast';
import { useDrawPrize } from '../api/draw-prize';
import { useReadyPrizes } from '../api/get-ready-prizes';

/**
 * What the last draw gave: its winners, and any whose fraud signals nobody has looked at yet, to look
 * at before anything is paid (DESIGN §12).
 */
function DrawResult({ result }: { result: DrawResponse }) {
  const flagged = result.winners.filter((w) => w.openSignals);
  return (
    <Card className="mb-4 p-5" role="status">
      <p className="font-bold text-slate-900">{result.message}</p>
      <ul className="mt-2 space-y-2 text-sm">
        {result.winners.map((w) => (
          <li key={w._id} className="flex flex-wrap items-center gap-2">
            <Link to={paths.adminMember(w._id)} className="font-semibold text-brand-800 underline">
              {w.username}
            </Link>
            {w.openSignals && <RiskBadge score={w.openSignals.score} />}
          </li>
        ))}
      </ul>
      {flagged.length > 0 && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {counted(flagged.length, 'winner has', 'winners have')} fraud signals nobody has looked at yet: look
          at them on the Review tab before the prize goes out.
        </p>
      )}
    </Card>
  );
}

export function DrawWinners() {
  const query = useReadyPrizes();
  const drawPrize = useDrawPrize();
  const [last, setLast] = useState<DrawResponse>();
  const drawn = (result: DrawResponse) => {
    toast.success(result.message);
    setLast(result);
  };

  async function draw(prize: Prize) {
    const winners = counted(prize.totalWinners, 'winner', 'winners');
    if (!window.confirm(`Draw ${winners} for ${prize.title}? This cannot be undone.`)) return;
    try {
      drawn(await drawPrize.mutateAsync({ id: prize._id }));
    } catch (err) {
      // Outside the draw day the server explains and the admin may draw anyway (SPEC §8).
      const body = err instanceof ApiError ? err.body : undefined;
      if (body?.drawDay && body.currentDay) {
        if (!window.confirm(`${body.error}\n${body.message}`)) return;
        try {
          drawn(await drawPrize.mutateAsync({ id: prize._id, forceOverride: true }));
        } catch (retryErr) {
          toast.error(errorText(retryErr, 'Failed to draw winners'));
        }
        return;
      }
      toast.error(errorText(err, 'Failed to draw winners'));
    }
  }

  return (
    <>
      {last && <DrawResult result={last} />}
      <PagedList
        query={query}
        rows={rowsOf(query.data, 'prizes')}
        loading="Loading prizes..."
        failed="The prizes ready to draw"
        more="prizes ready to draw"
        boxed
        empty={
          <EmptyState icon={Trophy} title="No prizes ready to draw">
            Prizes appear here once their closing date has passed.
          </EmptyState>
        }
      >
        {(prizes) => (
          <>
            {/* Each prize's title is an h3: this names the list, so headings keep their order. */}
            <h2 className="sr-only">Prizes ready to draw</h2>
            <ul className="space-y-4">
              {prizes.map((prize) => {
                const enough = prize.totalEntries >= prize.minimumEntries;
                return (
                  <li key={prize._id}>
                    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
                      <div className="min-w-0 flex-1">
                        <h3 className="font-bold text-slate-900">{prize.title}</h3>
                        <p className="text-sm text-slate-600">
                          {pounds(prize.value)} · {counted(prize.totalWinners, 'winner', 'winners')} · closed{' '}
                          {ukDateTime(prize.endDate)} · draws on {prize.drawDay}s
                        </p>
                        <p className="mt-1 text-sm text-slate-700">
                          {entriesLabel(prize.totalEntries)} from{' '}
                          {counted(prize.participantCount, 'person', 'people')}
                          {prize.minimumEntries > 0 && ` · minimum ${prize.minimumEntries}`}
                        </p>
                      </div>
                      <Button
                        onClick={() => draw(prize)}
                        disabled={!enough || drawPrize.isPending}
                        title={enough ? undefined : `Needs at least ${prize.minimumEntries} entries`}
                      >
                        Draw winners
                      </Button>
                    </Card>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </PagedList>
    </>
  );
}
