import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WELCOME_BONUS } from '../../../contract/constants';
import type { TwoFactorChallenge } from '../../../contract/two-factor';
import { paths, safeNext } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { PasskeySignIn } from '../../features/two-factor/components/passkey-sign-in';
import { RedirectIfSignedIn } from '../guards';
import { SecondStep } from './second-step';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const [challenge, setChallenge] = useState<TwoFactorChallenge>();
  const done = () => navigate(next, { replace: true });
  if (challenge)
    return <SecondStep challenge={challenge} onSuccess={done} onRestart={() => setChallenge(undefined)} />;
  return (
    <RedirectIfSignedIn to={next}>
      <AuthCard
        title="Welcome back"
        subtitle={
          <>
            New here?{' '}
            <Link
              to={`${paths.register}${params.has('next') ? `?next=${encodeURIComponent(next)}` : ''}`}
              className="font-semibold text-brand-700 underline"
            >
              Create a free account
            </Link>{' '}
            and get {WELCOME_BONUS} free entries.
          </>
        }
      >
        <LoginForm onSuccess={done} onChallenge={setChallenge} />
        <div className="mt-3">
          <PasskeySignIn onSuccess={done} />
        </div>
        <p className="mt-4 text-center text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 underline">
            Forgot password?
          </Link>
        </p>
        <SocialSignIn onSuccess={done} onChallenge={setChallenge} />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}
