import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ReasonBody, reasonBody } from '../../contract/members';
import { ADMIN_REASON_MIN } from '../../contract/operator-rules';
import { submitWithToast } from '../lib/submit-with-toast';
import { Button } from './ui/button';
import { TextField } from './ui/field';

export const reasonHint = `At least ${ADMIN_REASON_MIN} characters; it is kept in the audit log.`;

/** One action: a button that opens its form, which closes again when it is done. */
export function Action({
  label,
  variant = 'secondary',
  children,
}: {
  label: string;
  variant?: 'secondary' | 'danger';
  children: (done: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="w-full">
      <Button variant={variant} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label}
      </Button>
      {open && (
        <div id={id} className="mt-3">
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

/** A staff action's last step: what it will do, then Confirm or Back (a money move's effect, DESIGN §12). */
export function Confirmation({
  label,
  confirm,
  busy,
  onConfirm,
  onBack,
  children,
}: {
  /** The group's name, for screen readers. */
  label: string;
  /** The confirming button's words. */
  confirm: string;
  busy: boolean;
  onConfirm(): void;
  onBack(): void;
  children: ReactNode;
}) {
  return (
    <fieldset className="m-0 min-w-0 space-y-3 border-0 p-0" aria-label={label}>
      {children}
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={onConfirm}>
          {confirm}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
      </div>
    </fieldset>
  );
}

/** A form whose only field is the reason: lifting a suspension, holding or releasing cashouts. */
export function ReasonForm({
  id,
  send,
  label,
  error,
  busy,
  onDone,
}: {
  id: string;
  send(values: { id: string; reason: string }): Promise<{ message: string }>;
  label: string;
  error: string;
  busy: boolean;
  onDone(): void;
}) {
  const { register, handleSubmit, formState } = useForm<ReasonBody>({ resolver: zodResolver(reasonBody) });
  const submit = handleSubmit(
    submitWithToast(
      (body: ReasonBody) => send({ id, ...body }),
      { success: (r) => r.message, error },
      onDone,
    ),
  );
  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <TextField label="Reason" required error={formState.errors.reason?.message} {...register('reason')} />
      <p className="text-xs text-slate-600">{reasonHint}</p>
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
    </form>
  );
}
