import { Link, useNavigate, useSearchParams } from 'react-router';
import { WELCOME_BONUS } from '../../../contract/constants';
import { paths, safeNext } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { RedirectIfSignedIn } from '../guards';

export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get('next'));
  const referralCode = params.get('ref')?.trim() || undefined;
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
        <RegisterForm referralCode={referralCode} onSuccess={() => navigate(next, { replace: true })} />
        <SocialSignIn onSuccess={() => navigate(next, { replace: true })} />
      </AuthCard>
    </RedirectIfSignedIn>
  );
}
