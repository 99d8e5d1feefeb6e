import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { linkToken } from '../../features/auth/link-token';

export function ResetPasswordPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = linkToken(hash);
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
    >
      {token ? (
        <ResetPasswordForm token={token} onSuccess={() => navigate(paths.login, { replace: true })} />
      ) : (
        <p className="text-slate-700">
          This link is not valid.{' '}
          <Link to={paths.forgotPassword} className="font-semibold text-brand-700 underline">
            Ask for a new one
          </Link>
          .
        </p>
      )}
    </AuthCard>
  );
}
