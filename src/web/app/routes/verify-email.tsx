import { useLocation } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { VerifyEmailResult } from '../../features/auth/components/verify-email-result';
import { linkToken } from '../../features/auth/link-token';

export function VerifyEmailPage() {
  const { hash } = useLocation();
  return (
    <AuthCard title="Verify your email" subtitle="Confirming the address on your account.">
      <VerifyEmailResult token={linkToken(hash)} />
    </AuthCard>
  );
}
