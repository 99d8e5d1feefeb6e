import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { newPasswordRules } from '../../../lib/form-rules';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useResetPassword } from '../api/reset-password';

interface Values {
  password: string;
  confirmPassword: string;
}

export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess(): void }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>();

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
        {...register('password', newPasswordRules)}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', {
          required: 'Please confirm your password',
          validate: (value, values) => value === values.password || 'Passwords do not match!',
        })}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
