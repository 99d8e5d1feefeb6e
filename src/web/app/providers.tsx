import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { toastAchievements } from '../lib/achievement-toasts';
import { SessionProvider } from '../lib/session/session';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { revealAfterMs?: number };
  }
}

function newQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
    // Any change may move balances, prizes, winners and lists shown anywhere: after a successful
    // mutation every query is stale, and those on screen refetch in the background, so the mutation
    // itself (its button, its toast) does not wait for them. No feature needs to know another's keys.
    // Any call that unlocks achievements (a task, an entry, a sign-in, a spin, a streak day) says so here.
    // A call can hold both back (`meta.revealAfterMs`): the wheel keeps its prize secret until it stops.
    mutationCache: new MutationCache({
      onSuccess: (result, _variables, _context, mutation) => {
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
