import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { login } from '../api/session';
import { useSession } from '../session';

interface Values {
  email: string;
  password: string;
}

export function LoginForm({ onSuccess }: { onSuccess(): void }) {
  const { signIn } = useSession();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>();

  const submit = handleSubmit(async (values) => {
    try {
      signIn(await login(values));
      toast.success('Login successful!');
      onSuccess();
    } catch (err) {
      toast.error(errorText(err, 'Login failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email', { required: 'Email is required' })}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password', { required: 'Password is required' })}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
