import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { NOT_FOUND_TITLE, PAGES, pageAt, titleOf } from '../../../shared/pages';
import { paths } from '../../config/paths';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { onRestricted } from '../../lib/api-client';
import { useSession } from '../../lib/session/session';
import { toast } from '../../lib/toast';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { PageBoundary } from './page-boundary';

export function RootLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A suspended member signed in to a restricted session is shown where they stand, and why (§19).
  useEffect(
    () =>
      onRestricted((reason) => {
        if (reason) toast.error(reason, { id: 'restricted-reason', duration: 10_000 });
        navigate(paths.standing);
      }),
    [navigate],
  );
  // A new page starts at its top, as a full page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on every change of page.
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollTo, and an effect must return nothing or a cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);
  // Each page names itself in the browser's tab and history (shared/pages.ts).
  useEffect(() => {
    const page = pageAt(pathname);
    document.title = titleOf(page ? PAGES[page].title : NOT_FOUND_TITLE);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Navbar />
      <Reconnecting />
      <VerifyEmailBanner />
      {/* At least a screen tall, so the footer starts below the fold and a page filling in never pushes it. */}
      <main id="main" className="min-h-dvh flex-1">
        <PageBoundary address={pathname}>
          <Outlet />
        </PageBoundary>
      </main>
      <Footer />
    </div>
  );
}

/** The session could not be checked: the member stays signed in while it is asked again (DESIGN §13). */
function Reconnecting() {
  const { reconnecting } = useSession();
  return (
    <div role="status">
      {reconnecting && (
        <p className="bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-950">
          Can't reach PrizeDraw, retrying
        </p>
      )}
    </div>
  );
}
