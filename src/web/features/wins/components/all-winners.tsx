import { Download, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type AdminWinner, winsApi } from '../../../../contract/wins';
import { Button } from '../../../components/ui/button';
import { ScrollCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { type Column, Table } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { pounds, ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { downloadFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { useMarkDelivered } from '../api/deliver-prize';
import { useAdminWinners } from '../api/get-admin-winners';
import { useMarkNotified } from '../api/mark-notified';
import { FORFEIT_REASON_TEXT } from '../forfeit-reasons';
import { DispatchDialog } from './dispatch-dialog';
import { DisqualifyDialog } from './disqualify-dialog';

/** Where the email telling the winner stands. */
const EMAIL_TEXT = {
  pending: 'Email waiting to send',
  sent: 'Email delivered',
  failed: 'Email failed',
  none: 'No email yet',
} as const;

/** Where a claimed prize is: cash through the Withdrawals tab, anything else posted, by the promised date. */
function deliveryText({ delivery: d, prizeType, payoutId }: AdminWinner) {
  if (!d) return '';
  if (d.status === 'delivered')
    return `${prizeType === 'cash' ? 'Paid' : 'Delivered'} ${ukDateTime(d.deliveredAt!)}`;
  if (d.status === 'dispatched') return `Dispatched by ${d.carrier}, tracking ${d.tracking}`;
  return `${payoutId ? 'To pay on the Withdrawals tab' : 'To post'} by ${ukDateTime(d.promisedBy)}`;
}

export function AllWinners() {
  const query = useAdminWinners();
  const markNotified = useMarkNotified();
  const [disqualifying, setDisqualifying] = useState<AdminWinner>();
  const [dispatching, setDispatching] = useState<AdminWinner>();
  const markDelivered = useMarkDelivered();

  async function delivered(prizeId: string, userId: string) {
    try {
      await markDelivered.mutateAsync({ prizeId, userId });
      toast.success('Prize marked delivered');
    } catch (err) {
      toast.error(errorText(err, 'Failed to mark the prize delivered'));
    }
  }

  async function notify(prizeId: string, userId: string) {
    try {
      await markNotified.mutateAsync({ prizeId, userId });
      toast.success('Winner marked as notified');
    } catch (err) {
      toast.error(errorText(err, 'Failed to mark as notified'));
    }
  }

  async function download() {
    try {
      await downloadFile(winsApi.csv, {}, 'winners.csv');
    } catch (err) {
      toast.error(errorText(err, 'Failed to download the winners'));
    }
  }

  const columns: Column<AdminWinner>[] = [
    {
      header: 'User',
      cell: (w) => (
        <>
          <Link to={paths.adminMember(w.user._id)} className="font-semibold text-brand-800 underline">
            {w.user.username}
          </Link>
          <p className="text-slate-600">{w.user.email}</p>
        </>
      ),
    },
    {
      header: 'Prize',
      cell: (w) => (
        <>
          {w.prize.title}
          <span className="block text-slate-600">
            {pounds(w.prize.value)} · place {w.position}
          </span>
          <span className={`block ${w.forfeitReason ? 'font-semibold text-red-800' : 'text-slate-600'}`}>
            {w.forfeitReason
              ? `Forfeited: ${FORFEIT_REASON_TEXT[w.forfeitReason]}`
              : w.claimed
                ? 'Claimed'
                : 'Awaiting claim'}
          </span>
          {w.delivery && !w.forfeitReason && <span className="block text-slate-600">{deliveryText(w)}</span>}
        </>
      ),
    },
    { header: 'Drawn', td: 'text-slate-700', cell: (w) => ukDateTime(w.drawnAt) },
    {
      header: 'Notified',
      cell: (w) => (
        <>
          <span
            className={`rounded-full px-2.5 py-1 text-xs font-bold ${w.notified ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
          >
            {w.notified ? 'Yes' : 'No'}
          </span>
          <span className="mt-1 block text-slate-600">{EMAIL_TEXT[w.email ?? 'none']}</span>
        </>
      ),
    },
    {
      header: 'Actions',
      headerHidden: true,
      sticky: true,
      align: 'right',
      // Narrower on a phone, where the column stays in view over the others.
      td: 'max-sm:px-2',
      cell: (w) => (
        <div className="flex flex-col items-end gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          {!w.payoutId && w.delivery?.status === 'fulfilling' && !w.forfeitReason && (
            <Button size="sm" onClick={() => setDispatching(w)}>
              Mark dispatched
            </Button>
          )}
          {w.delivery?.status === 'dispatched' && !w.forfeitReason && (
            <Button
              size="sm"
              variant="secondary"
              disabled={markDelivered.isPending}
              onClick={() => void delivered(w.prize._id, w.user._id)}
            >
              Mark delivered
            </Button>
          )}
          {!w.notified && !w.forfeitReason && (
            <Button
              size="sm"
              variant="secondary"
              disabled={markNotified.isPending}
              onClick={() => notify(w.prize._id, w.user._id)}
            >
              Mark Notified
            </Button>
          )}
          {/* An under-age win has passed its place on already, when its winner confirmed it. */}
          {(!w.forfeitReason || w.forfeitReason === 'account_deleted') && (
            <Button size="sm" variant="ghost" onClick={() => setDisqualifying(w)}>
              Disqualify
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section>
      <PagedList
        query={query}
        rows={rowsOf(query.data, 'winners')}
        loading="Loading winners..."
        failed="The winners"
        more="winners"
        boxed
        empty={
          <EmptyState icon={Users} title="No winners yet">
            Every winner drawn will be listed here.
          </EmptyState>
        }
      >
        {(winners) => (
          <>
            <div className="mb-3 flex justify-end">
              <Button size="sm" variant="secondary" onClick={() => void download()}>
                <Download aria-hidden className="h-4 w-4" /> Download CSV
              </Button>
            </div>
            <ScrollCard label="All winners">
              <Table
                rows={winners}
                rowKey={(w) => `${w.prize._id}-${w.user._id}`}
                columns={columns}
                look={{ table: 'w-full min-w-[640px] text-left text-sm' }}
              />
            </ScrollCard>
          </>
        )}
      </PagedList>
      {dispatching && <DispatchDialog winner={dispatching} onClose={() => setDispatching(undefined)} />}
      {disqualifying && (
        <DisqualifyDialog winner={disqualifying} onClose={() => setDisqualifying(undefined)} />
      )}
    </section>
  );
}
