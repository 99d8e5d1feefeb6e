import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type MemberDetail, type ReasonBody, reasonBody } from '../../../../contract/members';
import { Confirmation, reasonHint } from '../../../components/staff-action';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useVerifyEmail } from '../api/verify-email';

/**
 * Marking the member's email verified after checking it another way (DESIGN §16): why, then a
 * confirmation naming the address, since a verified address lets them claim prizes and withdraw.
 */
export function VerifyEmailForm({ user, onDone }: { user: MemberDetail['user']; onDone(): void }) {
  const verify = useVerifyEmail();
  const [key] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState<ReasonBody>();
  const { register, handleSubmit, formState } = useForm<ReasonBody>({ resolver: zodResolver(reasonBody) });
  const send = submitWithToast(
    ({ reason }: ReasonBody) => verify.mutateAsync({ id: user._id, key, reason }),
    { success: (r) => r.message, error: 'Failed to mark the email verified' },
    onDone,
  );
  if (confirming)
    return (
      <Confirmation
        label="Confirm the email is theirs"
        confirm="Confirm, mark verified"
        busy={verify.isPending}
        onConfirm={() => void send(confirming)}
        onBack={() => setConfirming(undefined)}
      >
        <p className="font-medium break-words text-slate-900">
          Mark {user.email} as verified? They can then claim prizes and withdraw cash.
        </p>
        <p className="text-sm break-words text-slate-700">How you checked: {confirming.reason}</p>
      </Confirmation>
    );
  return (
    <form className="space-y-3" onSubmit={handleSubmit(setConfirming)} noValidate>
      <TextField
        label="How you checked the address is theirs"
        required
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      <p className="text-xs text-slate-600">{reasonHint}</p>
      <Button type="submit">Mark verified</Button>
    </form>
  );
}
