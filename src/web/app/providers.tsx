import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { toastAchievements } from '../lib/achievement-toasts';
import { SessionProvider } from '../lib/session/session';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Hold the toasts and the refresh back this long (the wheel keeps its prize secret until it stops). */
      revealAfterMs?: number;
      /** True when the answer says nothing changed, so nothing on screen needs fetching again. */
      changedNothing?(result: unknown): boolean;
    };
  }
}

function newQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
    // Any change may move balances, prizes, winners and lists shown anywhere: after a successful
    // mutation every query is stale, and those on screen refetch in the background, so the mutation
    // itself (its button, its toast) does not wait for them. No feature needs to know another's keys.
    // Any call that unlocks achievements (a task, an entry, a sign-in, a spin, a streak day) says so here.
    mutationCache: new MutationCache({
      onSuccess: (result, _variables, _context, mutation) => {
        if (mutation.meta?.changedNothing?.(result)) return;
        const reveal = () => {
          toastAchievements(result);
          void queryClient.invalidateQueries();
        };
        const delay = mutation.meta?.revealAfterMs;
        if (delay) setTimeout(reveal, delay);
        else reveal();
      },
    }),
  });
  return queryClient;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      {/* react-hot-toast's defaults are SPEC's: 2 s success, 4 s error, loading until dismissed, 20 at most. */}
      <Toaster position="top-center" />
    </QueryClientProvider>
  );
}
