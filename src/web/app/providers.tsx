import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { SessionProvider } from '../features/auth/session';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      {/* react-hot-toast's defaults are SPEC's: 2 s success, 4 s error, loading until dismissed, 20 at most. */}
      <Toaster position="top-center" />
    </QueryClientProvider>
  );
}
