import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toastAchievements } from '../lib/achievement-toasts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Hold the toasts and the refresh back this long (the wheel keeps its prize secret until it stops). */
      revealAfterMs?: number;
      /** True when the answer says nothing changed, so nothing on screen needs fetching again. */
      changedNothing?(result: unknown): boolean;
      /** True when a refusal still changed something (a win forfeited), so what is on screen is fetched again. */
      changedAnyway?(error: unknown): boolean;
    };
  }
}

/**
 * Marks every query stale, so those on screen fetch again. A first read still on its way may have
 * been answered before the change (the dashboard loading while today's visit is counted), and a
 * refetch would only join it: such a read is called off and sent again, after the change.
 */
async function refreshAll() {
  const firstReads = queryClient
    .getQueryCache()
    .findAll({ fetchStatus: 'fetching' })
    .filter((q) => q.state.data === undefined);
  await Promise.all(
    firstReads.map((q) => queryClient.cancelQueries({ queryKey: q.queryKey, exact: true }, { revert: true })),
  );
  await queryClient.invalidateQueries();
}

/**
 * The page's one query cache, a module so that route loaders can start a page's data with its code.
 */
export const queryClient: QueryClient = new QueryClient({
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
        void refreshAll();
      };
      const delay = mutation.meta?.revealAfterMs;
      if (delay) setTimeout(reveal, delay);
      else reveal();
    },
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.changedAnyway?.(error)) void refreshAll();
    },
  }),
});
