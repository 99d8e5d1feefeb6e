import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session/session';

/**
 * After a break starts or the account is deleted the server has already ended
 * every session; this forgets it in the browser too. The logout call it makes
 * answers 401, which signOut expects and ignores.
 */
export function useSignOutHere() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return async () => {
    // Leave first: this members-only page would otherwise send the visitor to /login as the session ends.
    navigate(paths.home);
    await signOut();
  };
}
