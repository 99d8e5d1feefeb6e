import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SessionResponse } from '../../../contract/auth';
import type { CurrentUser } from '../../../contract/users';
import { onUnauthorized, tokenStore } from '../api-client';
import { toast } from '../toast';
import { meQueryOptions } from './get-me';
import { logout } from './logout';

const meQueryKey = meQueryOptions().queryKey;

interface Session {
  user: CurrentUser | null;
  status: 'loading' | 'signed-in' | 'signed-out';
  signIn(response: SessionResponse): void;
  signOut(): Promise<void>;
  /** The server could not be reached to check the session, and it is being asked again. */
  reconnecting: boolean;
  /** Sets the user's balances after a call that changed them, so the navbar shows the new count at once. */
  patchUser(patch: Partial<Pick<CurrentUser, 'availableEntries' | 'totalEntries' | 'cashBalance'>>): void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => Boolean(tokenStore.get()));
  const me = useQuery({ ...meQueryOptions(), enabled: hasToken });

  const forget = useCallback(() => {
    tokenStore.clear();
    setHasToken(false);
    // Everything cached belonged to the person who just left.
    queryClient.clear();
  }, [queryClient]);

  // Only the server's refusal ends a session: a 401 (or 403 suspended) signs out through onUnauthorized,
  // on load as at any time. A 5xx or the network failing keeps the member signed in while the query asks
  // again (get-me.ts), and the page says so.
  useEffect(
    () =>
      onUnauthorized((reason) => {
        forget();
        // One toast however many calls were refused at once.
        if (reason) toast.error(reason, { id: 'signed-out-reason', duration: 10_000 });
      }),
    [forget],
  );

  const session = useMemo<Session>(
    () => ({
      user: hasToken ? (me.data ?? null) : null,
      status: !hasToken ? 'signed-out' : me.data ? 'signed-in' : 'loading',
      reconnecting:
        hasToken && (me.fetchStatus === 'paused' || (me.failureCount > 0 && me.fetchStatus === 'fetching')),
      signIn({ token, user }) {
        tokenStore.set(token);
        queryClient.setQueryData(meQueryKey, user);
        setHasToken(true);
      },
      async signOut() {
        await logout().catch(() => undefined);
        forget();
      },
      patchUser(patch) {
        queryClient.setQueryData<CurrentUser>(meQueryKey, (user) => (user ? { ...user, ...patch } : user));
      },
    }),
    [hasToken, me.data, me.failureCount, me.fetchStatus, queryClient, forget],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/**
 * A signed-in member who plays. Staff never do (DESIGN §12): they see none of a member's features
 * (entries, tasks, the dashboard, entering prizes) and the web app never makes a member's calls for them.
 */
export const isPlayer = (user: CurrentUser | null | undefined): user is CurrentUser =>
  Boolean(user && !user.isAdmin);
