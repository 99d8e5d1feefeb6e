import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangeEmailBody, changeEmailBody } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useChangeEmail } from '../api/change-email';

type Values = ChangeEmailBody;

/** A new address, confirmed with the password; it stays unverified until the emailed link is opened. */
export function ChangeEmailForm() {
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, ChangeEmailBody>({ resolver: zodResolver(changeEmailBody) });
  const submit = handleSubmit(
    submitWithToast(
      change.mutateAsync,
      {
        success: 'Email changed. Please check your inbox to verify your new address.',
        error: 'Failed to change your email',
      },
      () => reset(),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4 p-5">
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="text-sm text-slate-600">
        We email a link to the new address to verify it, and tell your old address about the change. Your
        other devices are signed out.
      </p>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Changing...' : 'Change email'}
      </Button>
    </form>
  );
}
