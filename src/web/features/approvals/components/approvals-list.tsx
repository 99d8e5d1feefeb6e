import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { APPROVAL_KIND_LABELS, type Approval, type ApprovalStatus } from '../../../../contract/approvals';
import { ADMIN_REASON_MIN } from '../../../../contract/operator-rules';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { ukDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session/session';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useDecideApproval } from '../api/decide-approval';
import { useApprovals } from '../api/get-approvals';

const tabs = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies ReadonlyArray<{ value: ApprovalStatus; label: string }>;

/**
 * One request: what it will do, who asked, and (for someone else) approving it once its effect as it
 * stands now is confirmed, or rejecting it with a reason.
 */
function ApprovalRow({ approval }: { approval: Approval }) {
  const { user } = useSession();
  const decide = useDecideApproval();
  const [step, setStep] = useState<'approving' | 'rejecting'>();
  const rejecting = step === 'rejecting';
  const [reason, setReason] = useState('');
  const send = submitWithToast(decide.mutateAsync, {
    success: (r) => (r.approval.status === 'approved' ? 'Approved: the change is made' : 'Rejected'),
    error: 'Failed to decide on the request',
  });
  const own = approval.requestedBy._id === user?._id;
  return (
    <Card className="p-5">
      <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
        {APPROVAL_KIND_LABELS[approval.kind]}
      </p>
      <p className="mt-1 font-medium break-words text-slate-900">{approval.summary}</p>
      <p className="mt-1 text-xs text-slate-600">
        Asked by {approval.requestedBy.username} · {ukDateTime(approval.requestedAt)}
        {approval.decidedBy &&
          approval.decidedAt &&
          ` · ${approval.status} by ${approval.decidedBy.username} · ${ukDateTime(approval.decidedAt)}`}
      </p>
      {approval.reason && <p className="mt-1 text-sm text-slate-700">Why: {approval.reason}</p>}
      {approval.status === 'pending' &&
        (own ? (
          <p className="mt-3 text-sm text-slate-600">Waiting for another member of staff to decide.</p>
        ) : rejecting ? (
          <form
            className="mt-3 space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              void send({ id: approval._id, reason });
            }}
          >
            <TextField label="Why reject it?" value={reason} onChange={(e) => setReason(e.target.value)} />
            <div className="flex gap-2">
              <Button
                type="submit"
                size="sm"
                variant="danger"
                disabled={decide.isPending || reason.trim().length < ADMIN_REASON_MIN}
              >
                Reject
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setStep(undefined)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : step === 'approving' ? (
          <fieldset
            className="mt-3 min-w-0 space-y-2 rounded-lg bg-slate-50 p-3"
            aria-label="Confirm the approval"
          >
            <p className="text-sm text-slate-800">
              Approving makes this change now:{' '}
              <span className="font-medium">{approval.effect ?? approval.summary}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" disabled={decide.isPending} onClick={() => void send({ id: approval._id })}>
                Confirm approval
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setStep(undefined)}>
                Back
              </Button>
            </div>
          </fieldset>
        ) : (
          <div className="mt-3 flex gap-2">
            <Button size="sm" onClick={() => setStep('approving')}>
              Approve…
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setStep('rejecting')}>
              Reject…
            </Button>
          </div>
        ))}
    </Card>
  );
}

/** The Approvals tab: changes of money another member of staff asked for (DESIGN §12). */
export function ApprovalsList() {
  const [status, setStatus] = useState<ApprovalStatus>('pending');
  const approvals = useApprovals(status);
  return (
    <Tabs tabs={tabs} value={status} onChange={setStatus} label="Approvals by state" variant="pills">
      {approvals.isPending ? (
        <Spinner label="Loading approvals..." />
      ) : approvals.isError ? (
        <Card>
          <LoadError what="Approvals" />
        </Card>
      ) : !approvals.data.length ? (
        <Card>
          <EmptyState
            icon={ShieldCheck}
            title={status === 'pending' ? 'Nothing waits for approval' : 'None yet'}
          >
            Corrections and payments past the day’s limit, payments to members with fraud signals, changes of
            the wheel’s odds, late cancellations and disqualifications wait here for a second member of staff.
          </EmptyState>
        </Card>
      ) : (
        <ul className="space-y-3" aria-label="Approvals">
          {approvals.data.map((a) => (
            <li key={a._id}>
              <ApprovalRow approval={a} />
            </li>
          ))}
        </ul>
      )}
    </Tabs>
  );
}
