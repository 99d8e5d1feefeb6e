import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { registerBody } from '../../../../contract/auth';
import { WELCOME_BONUS } from '../../../../contract/constants';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { TermsCheckbox } from '../../../components/terms-checkbox';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useSession } from '../../../lib/session/session';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useRegister } from '../api/register';

/** The sign-up's body as the server checks it, and the confirmation only the page asks for. */
const registerForm = registerBody.omit({ referralCode: true }).extend({
  // A checkbox gives false until ticked, which the body's rule refuses in its own words.
  acceptTerms: z.boolean().pipe(registerBody.shape.acceptTerms),
  confirmPassword: z.string().min(1, 'Please confirm your password'),
});
type Values = z.input<typeof registerForm>;
type Valid = z.output<typeof registerForm>;

export function RegisterForm({ referralCode, onSuccess }: { referralCode?: string; onSuccess(): void }) {
  const { signIn } = useSession();
  const registerAccount = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Valid>({ resolver: zodResolver(registerForm) });

  const send = submitWithToast(
    ({ confirmPassword: _confirm, ...values }: Valid) =>
      registerAccount.mutateAsync({ ...values, referralCode }),
    {
      success: `Registration successful! Welcome bonus: ${WELCOME_BONUS} entries!`,
      error: 'Registration failed',
    },
    (session) => {
      signIn(session);
      onSuccess();
    },
  );
  const submit = handleSubmit((values) => {
    if (values.password !== values.confirmPassword) {
      window.alert('Passwords do not match!');
      return;
    }
    return send(values);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Full name"
        autoComplete="name"
        required
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
      />
      <TermsCheckbox error={errors.acceptTerms?.message} {...register('acceptTerms')} />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account...' : 'Create account'}
      </Button>
    </form>
  );
}
