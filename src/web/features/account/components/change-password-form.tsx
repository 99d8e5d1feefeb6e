import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangePasswordBody, changePasswordBody } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useChangePassword } from '../api/change-password';

/** A new password, confirmed with the current one; the server then signs out every other device. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordBody) });
  const submit = handleSubmit(
    submitWithToast(
      change.mutateAsync,
      { success: (r) => r.message, error: 'Failed to change your password' },
      () => reset(),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4 p-5">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <p className="text-sm text-slate-600">Changing it signs you out on every other device.</p>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
