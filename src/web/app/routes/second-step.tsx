import type { TwoFactorChallenge } from '../../../contract/two-factor';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SignInCode } from '../../features/two-factor/components/sign-in-code';

/** Signing in's second step, for an account with two-step verification: on /login, and on /register for Google or Apple. */
export function SecondStep({
  challenge,
  onSuccess,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  onSuccess(): void;
  onRestart(): void;
}) {
  return (
    <AuthCard title="Two-step verification" subtitle="One more step to sign in.">
      <SignInCode challenge={challenge} onSuccess={onSuccess} onRestart={onRestart} />
    </AuthCard>
  );
}
