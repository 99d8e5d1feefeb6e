import { MutationCache, QueryClient } from '@tanstack/react-query';
import { LOAD_RETRY_MS } from '../config/load-retry';
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
 * been answered before the change (a list loading while a task is completed), and a
 * refetch would only join it: such a read is fetched again once it lands.
 */
function refreshAll() {
  const cache = queryClient.getQueryCache();
  const firstReads = new Set(
    cache
      .findAll({ fetchStatus: 'fetching' })
      .filter((q) => q.state.data === undefined)
      .map((q) => q.queryHash),
  );
  void queryClient.invalidateQueries();
  if (firstReads.size === 0) return;
  const stop = cache.subscribe((event) => {
    if (!firstReads.has(event.query.queryHash)) return;
    // A read dropped or called off before it landed has nothing to read again.
    const gone = event.type === 'removed' || event.query.state.fetchStatus === 'idle';
    const landed =
      event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error');
    if (!landed && !gone) return;
    firstReads.delete(event.query.queryHash);
    if (landed) void queryClient.invalidateQueries({ queryKey: event.query.queryKey, exact: true });
    if (firstReads.size === 0) stop();
  });
}

/**
 * The page's one query cache, a module so that route loaders can start a page's data with its code.
 */
export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: 1,
      // A read that failed is tried again every few seconds, so its panel recovers once the site answers.
      refetchInterval: (query) => (query.state.status === 'error' ? LOAD_RETRY_MS : false),
    },
  },
  // Any change may move balances, prizes, winners and lists shown anywhere: after a successful
  // mutation every query is stale, and those on screen refetch in the background, so the mutation
  // itself (its button, its toast) does not wait for them. No feature needs to know another's keys.
  // Any call that unlocks achievements (a task, an entry, a sign-in, a spin, a streak day) says so here.
  mutationCache: new MutationCache({
    onSuccess: (result, _variables, _context, mutation) => {
      if (mutation.meta?.changedNothing?.(result)) return;
      const reveal = () => {
        toastAchievements(result);
        refreshAll();
      };
      const delay = mutation.meta?.revealAfterMs;
      if (delay) setTimeout(reveal, delay);
      else reveal();
    },
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.changedAnyway?.(error)) refreshAll();
    },
  }),
});
