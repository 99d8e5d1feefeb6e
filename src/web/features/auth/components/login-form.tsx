import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type LoginBody, loginBody, type SignInResponse } from '../../../../contract/auth';
import type { TwoFactorChallenge } from '../../../../contract/two-factor';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';

/** Email and password; an account with a second factor is handed on to `onChallenge` for its code. */
export function LoginForm({
  onSuccess,
  onChallenge,
}: {
  onSuccess(): void;
  onChallenge(challenge: TwoFactorChallenge): void;
}) {
  const { signIn } = useSession();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBody) });

  const submit = handleSubmit(async (values) => {
    let answer: SignInResponse;
    try {
      answer = await login.mutateAsync(values);
    } catch (err) {
      toast.error(errorText(err, 'Login failed'));
      return;
    }
    if ('twoFactorRequired' in answer) return onChallenge(answer);
    toast.success('Login successful!');
    signIn(answer);
    onSuccess();
  });

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
