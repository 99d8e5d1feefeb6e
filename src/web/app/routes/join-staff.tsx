import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { linkToken } from '../../features/auth/link-token';
import { JoinStaffForm } from '../../features/staff/components/join-staff-form';

/** Where an emailed invitation to the staff leads (DESIGN §16). */
export function JoinStaffPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = linkToken(hash);
  return (
    <AuthCard title="Join the staff" subtitle="Choose your name and password to accept your invitation.">
      {token ? (
        <JoinStaffForm token={token} onJoined={() => navigate(paths.admin, { replace: true })} />
      ) : (
        <p className="text-slate-700">This invitation link is not valid.</p>
      )}
    </AuthCard>
  );
}
