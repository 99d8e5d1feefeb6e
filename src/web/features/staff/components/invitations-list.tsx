import { MailOpen } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-client';
import { ukDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useInvitations } from '../api/get-invitations';
import { useWithdrawInvitation } from '../api/withdraw-invitation';

/** Invitations not yet accepted: who was asked, as what, until when; each can be withdrawn. */
export function InvitationsList() {
  const invitations = useInvitations();
  const withdraw = useWithdrawInvitation();
  const withdrawOne = async (id: string, email: string) => {
    try {
      await withdraw.mutateAsync(id);
      toast.success(`The invitation to ${email} is withdrawn`);
    } catch (err) {
      toast.error(errorText(err, 'Failed to withdraw the invitation'));
    }
  };
  return (
    <Card className="p-6">
      <h3 className="text-lg font-bold">Invitations</h3>
      {invitations.isPending ? (
        <Spinner label="Loading the invitations..." />
      ) : invitations.isError ? (
        <LoadError what="The invitations" className="mt-4 text-sm" />
      ) : invitations.data.invitations.length === 0 ? (
        <EmptyState icon={MailOpen} title="No invitations waiting">
          Add an email no account has, and it is invited here.
        </EmptyState>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Invitations">
          {invitations.data.invitations.map((i) => (
            <li key={i._id} className="flex flex-wrap items-end justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-all font-medium">{i.email}</p>
                <p className="text-sm text-slate-600">
                  As {i.role}, sent by {i.invitedBy.username}
                </p>
                <p className={`text-xs ${i.expired ? 'text-red-700' : 'text-slate-600'}`}>
                  {i.expired ? 'Expired' : 'Expires'} {ukDateTime(i.expiresAt)}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                disabled={withdraw.isPending}
                aria-label={`Withdraw the invitation to ${i.email}`}
                onClick={() => withdrawOne(i._id, i.email)}
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
