import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WELCOME_BONUS } from '../../../contract/constants';
import type { TwoFactorChallenge } from '../../../contract/two-factor';
import { paths, safeNext } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { RedirectIfSignedIn } from '../guards';
import { SecondStep } from './second-step';

export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const referralCode = params.get('ref')?.trim() || undefined;
  const [challenge, setChallenge] = useState<TwoFactorChallenge>();
  const done = () => navigate(next, { replace: true });
  // Google or Apple may sign in an account that exists already, with two-step verification on.
  if (challenge)
    return <SecondStep challenge={challenge} onSuccess={done} onRestart={() => setChallenge(undefined)} />;
  return (
    <RedirectIfSignedIn to={next}>
      <AuthCard
        title="Create your free account"
        subtitle={
          <>
            Start with {WELCOME_BONUS} free entries. Already a member?{' '}
            <Link to={paths.login} className="font-semibold text-brand-700 underline">
              Sign in
            </Link>
          </>
        }
      >
        <RegisterForm referralCode={referralCode} onSuccess={done} />
        <SocialSignIn onSuccess={done} onChallenge={setChallenge} />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}
