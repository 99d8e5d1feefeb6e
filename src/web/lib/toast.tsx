import { lazy } from 'react';

/**
 * SPEC's toasts. react-hot-toast shows them, loaded once the page has drawn rather than with the
 * first load: a toast asked for sooner waits for it, in order.
 */
const library = () => import('react-hot-toast');

interface ToastOptions {
  /** A toast with the same id replaces the one showing. */
  id?: string;
  duration?: number;
}

export const toast = {
  success: (text: string, options?: ToastOptions) =>
    void library().then((m) => m.default.success(text, options)),
  error: (text: string, options?: ToastOptions) => void library().then((m) => m.default.error(text, options)),
};

/** Where the toasts show. react-hot-toast's defaults are SPEC's: 2 s success, 4 s error, 20 at most. */
export const Toaster = lazy(() =>
  library().then((m) => ({ default: () => <m.Toaster position="top-center" /> })),
);
