import { useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { UnsubscribeForm } from '../../features/notifications/components/unsubscribe-form';

export function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Unsubscribe" subtitle="No need to sign in.">
      <UnsubscribeForm token={params.get('token')} />
    </AuthCard>
  );
}
