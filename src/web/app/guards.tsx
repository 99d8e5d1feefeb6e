import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { loginWithNext, paths } from '../config/paths';
import { isPlayer, useSession } from '../lib/session/session';

/** Signed-in only: visitors go to /login and come back here after signing in. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner />;
  if (status === 'signed-out')
    return <Navigate to={loginWithNext(location.pathname + location.search)} replace />;
  return children;
}

/** A member who plays: staff never do (DESIGN §12), so they are taken to the console instead. */
export function RequirePlayer({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!isPlayer(user)) return <Navigate to={paths.admin} replace />;
  return children;
}

/** Admins only: everyone else goes home. The server checks again on every admin call. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <Spinner />;
  if (!user?.isAdmin) return <Navigate to={paths.home} replace />;
  return children;
}

/** Login and register: someone already signed in goes on to where they were heading. */
export function RedirectIfSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const { status } = useSession();
  if (status === 'signed-in') return <Navigate to={to} replace />;
  return children;
}
