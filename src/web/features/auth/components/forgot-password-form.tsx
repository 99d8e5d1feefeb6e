import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type PasswordResetBody, passwordResetBody } from '../../../../contract/auth';
import { PASSWORD_RESET_LIFETIME } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetBody>({ resolver: zodResolver(passwordResetBody) });

  const submit = handleSubmit(
    submitWithToast(
      request.mutateAsync,
      { success: 'Check your inbox', error: 'Could not send the link' },
      ({ message }) => setSent(message),
    ),
  );

  if (sent) {
    return (
      <div role="status" className="text-center">
        <MailCheck aria-hidden className="mx-auto h-12 w-12 text-brand-700" />
        <p className="mt-3 text-slate-800">{sent}</p>
        <p className="mt-1 text-sm text-slate-600">
          The link works once, for {PASSWORD_RESET_LIFETIME}. Check your spam folder too.
        </p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Email me a reset link'}
      </Button>
    </form>
  );
}
