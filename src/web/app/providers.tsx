import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { SessionProvider } from '../lib/session/session';
import { queryClient } from './query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      {/* react-hot-toast's defaults are SPEC's: 2 s success, 4 s error, loading until dismissed, 20 at most. */}
      <Toaster position="top-center" />
    </QueryClientProvider>
  );
}
