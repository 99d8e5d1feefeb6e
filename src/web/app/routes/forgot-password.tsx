import { Link } from 'react-router';
import { PASSWORD_RESET_LIFETIME } from '../../../contract/constants';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle={
        <>
          Enter your email and we will send you a link to choose a new one, good for {PASSWORD_RESET_LIFETIME}
          . Remembered it?{' '}
          <Link to={paths.login} className="font-semibold text-brand-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
