import { Users } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Card, ScrollCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-client';
import { pounds, ukDateTime } from '../../../lib/format';
import { useAdminWinners } from '../api/get-admin-winners';
import { useMarkNotified } from '../api/mark-notified';
import { FORFEIT_REASON_TEXT } from '../forfeit-reasons';

export function AllWinners() {
  const { data, isPending, isError } = useAdminWinners();
  const markNotified = useMarkNotified();

  async function notify(prizeId: string, userId: string) {
    try {
      await markNotified.mutateAsync({ prizeId, userId });
      toast.success('Winner marked as notified');
    } catch (err) {
      toast.error(errorText(err, 'Failed to mark as notified'));
    }
  }

  if (isPending) return <Spinner label="Loading winners..." />;
  if (isError)
    return (
      <Card>
        <LoadError what="The winners" />
      </Card>
    );
  if (!data?.length) {
    return (
      <Card>
        <EmptyState icon={Users} title="No winners yet">
          Every winner drawn will be listed here.
        </EmptyState>
      </Card>
    );
  }
  return (
    <ScrollCard label="All winners">
      <table className="w-full min-w-[640px] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              User
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Prize
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Drawn
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Notified
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.map((w) => (
            <tr key={`${w.prize._id}-${w.user._id}`}>
              <td className="px-4 py-3">
                <p className="font-semibold text-slate-900">{w.user.username}</p>
                <p className="text-slate-600">{w.user.email}</p>
              </td>
              <td className="px-4 py-3">
                {w.prize.title}
                <span className="block text-slate-600">{pounds(w.prize.value)}</span>
                <span
                  className={`block ${w.forfeitReason ? 'font-semibold text-red-800' : 'text-slate-600'}`}
                >
                  {w.forfeitReason
                    ? `Forfeited: ${FORFEIT_REASON_TEXT[w.forfeitReason]}`
                    : w.claimed
                      ? 'Claimed'
                      : 'Awaiting claim'}
                </span>
              </td>
              <td className="px-4 py-3 text-slate-700">{ukDateTime(w.drawnAt)}</td>
              <td className="px-4 py-3">
                <span
                  className={`rounded-full px-2.5 py-1 text-xs font-bold ${w.notified ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
                >
                  {w.notified ? 'Yes' : 'No'}
                </span>
              </td>
              <td className="px-4 py-3 text-right">
                {!w.notified && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={markNotified.isPending}
                    onClick={() => notify(w.prize._id, w.user._id)}
                  >
                    Mark Notified
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollCard>
  );
}
