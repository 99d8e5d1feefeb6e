import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { acceptInvitationBody } from '../../../../contract/staff-invitations';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { TermsCheckbox } from '../../../components/terms-checkbox';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useAcceptInvitation, useInvitation } from '../api/join-staff';

/** The acceptance as the server checks it, and the password typed twice. */
const joinForm = acceptInvitationBody
  .omit({ token: true })
  .extend({
    // A checkbox gives false until ticked, which the body's rule refuses in its own words.
    acceptTerms: z.boolean().pipe(acceptInvitationBody.shape.acceptTerms),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match!',
  });
type Values = z.input<typeof joinForm>;
type Valid = z.output<typeof joinForm>;

/**
 * Accepting an invitation to the staff: what it offers, read from its link, then the name and password
 * the account is made with. Signed in once it is made, the new member of staff goes on to set up
 * their second step.
 */
export function JoinStaffForm({ token, onJoined }: { token: string; onJoined(): void }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const { signIn } = useSession();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Valid>({ resolver: zodResolver(joinForm) });
  if (invitation.isPending) return <Spinner label="Reading your invitation..." />;
  if (invitation.isError)
    return <p className="text-slate-700">{errorText(invitation.error, 'This invitation cannot be used.')}</p>;
  const { email, role } = invitation.data.invitation;
  const submit = handleSubmit(
    submitWithToast(
      ({ confirmPassword: _confirm, ...values }: Valid) => accept.mutateAsync({ ...values, token }),
      { success: `Welcome to the staff: you are ${role}`, error: 'Could not accept the invitation' },
      (session) => {
        signIn(session);
        onJoined();
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
        You are invited to join as <strong>{role}</strong>, with the email <strong>{email}</strong>.
      </p>
      <TextField
        label="Full name"
        autoComplete="name"
        required
        error={errors.username?.message}
        {...register('username')}
      />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={{ password: errors.password?.message, confirm: errors.confirmPassword?.message }}
      />
      <TermsCheckbox error={errors.acceptTerms?.message} {...register('acceptTerms')} />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Joining...' : 'Accept the invitation'}
      </Button>
    </form>
  );
}
