import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type CodeBody, codeBody } from '../../../../contract/two-factor';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';

/**
 * One field for a code from the authenticator app (or, where `recovery`, a
 * recovery code), sent with `send`; the toasts say how it went.
 */
export function CodeForm<R>({
  send,
  success,
  error,
  then,
  submitLabel,
  busyLabel,
  recovery = true,
  autoFocus = false,
}: {
  send(code: string): Promise<R>;
  success: string | ((result: R) => string);
  error: string;
  then?(result: R): void;
  submitLabel: string;
  busyLabel: string;
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CodeBody>({ resolver: zodResolver(codeBody) });
  const submit = handleSubmit(
    submitWithToast(
      ({ code }: CodeBody) => send(code),
      { success, error },
      (result) => {
        reset();
        then?.(result);
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={recovery ? 'Code from your app, or a recovery code' : 'Code from your app'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        autoFocus={autoFocus}
        // Within a dialog, focus is placed once the dialog is open (ui/modal.tsx).
        data-autofocus={autoFocus || undefined}
        error={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
