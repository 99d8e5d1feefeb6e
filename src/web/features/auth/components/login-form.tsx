import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type LoginBody, loginBody } from '../../../../contract/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useSession } from '../../../lib/session/session';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useLogin } from '../api/login';

export function LoginForm({ onSuccess }: { onSuccess(): void }) {
  const { signIn } = useSession();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBody) });

  const submit = handleSubmit(
    submitWithToast(login.mutateAsync, { success: 'Login successful!', error: 'Login failed' }, (session) => {
      signIn(session);
      onSuccess();
    }),
  );

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
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
