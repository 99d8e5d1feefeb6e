import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordResetConfirmBody } from '../../../../contract/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useResetPassword } from '../api/reset-password';

/** The new password as the server checks it, typed twice. */
const resetForm = z
  .strictObject({
    password: passwordResetConfirmBody.shape.password,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match!',
  });
type Values = z.infer<typeof resetForm>;

export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess(): void }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(resetForm) });

  const submit = handleSubmit(
    submitWithToast(
      ({ password }: Values) => reset.mutateAsync({ token, password }),
      { success: (result) => result.message, error: 'Could not change your password' },
      onSuccess,
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        placeholder="min 6 characters"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
