import { createBrowserRouter, type RouteObject, useLocation } from 'react-router';
import { PAGES, type PageAccess, type PageName, pageAt } from '../../shared/pages';
import { Spinner } from '../components/ui/spinner';
import { prizeQueryOptions } from '../features/prizes/api/get-prize';
import { RequireSecondFactor } from '../features/two-factor/components/require-second-factor';
import { RequireAdmin, RequirePlayer, RequireUser } from './guards';
import { RootLayout } from './layouts/root-layout';
import { queryClient } from './query-client';
import { ErrorPage } from './routes/error-page';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { PrizesPage } from './routes/prizes';

type PageComponent = React.ComponentType;
type PageCode = { eager: PageComponent } | { lazy: () => Promise<PageComponent> };
const eager = (component: PageComponent): PageCode => ({ eager: component });
const lazy = (load: () => Promise<PageComponent>): PageCode => ({ lazy: load });

/**
 * Each page's code: with the first load for the two most visits land on, the
 * rest loaded when first visited, so the first load carries only the site's
 * frame, the home page and the prize list.
 */
const PAGE_CODE: Record<PageName, PageCode> = {
  home: eager(HomePage),
  prizes: eager(PrizesPage),
  prize: lazy(() => import('./routes/prize-detail').then((m) => m.PrizeDetailPage)),
  draw: lazy(() => import('./routes/draw-verification').then((m) => m.DrawVerificationPage)),
  howItWorks: lazy(() => import('./routes/how-it-works').then((m) => m.HowItWorksPage)),
  winners: lazy(() => import('./routes/winners').then((m) => m.WinnersPage)),
  faq: lazy(() => import('./routes/faq').then((m) => m.FaqPage)),
  contact: lazy(() => import('./routes/contact').then((m) => m.ContactPage)),
  about: lazy(() => import('./routes/about').then((m) => m.AboutPage)),
  terms: lazy(() => import('./routes/terms').then((m) => m.TermsPage)),
  privacy: lazy(() => import('./routes/privacy').then((m) => m.PrivacyPage)),
  contestRules: lazy(() => import('./routes/contest-rules').then((m) => m.ContestRulesPage)),
  login: lazy(() => import('./routes/login').then((m) => m.LoginPage)),
  register: lazy(() => import('./routes/register').then((m) => m.RegisterPage)),
  forgotPassword: lazy(() => import('./routes/forgot-password').then((m) => m.ForgotPasswordPage)),
  resetPassword: lazy(() => import('./routes/reset-password').then((m) => m.ResetPasswordPage)),
  verifyEmail: lazy(() => import('./routes/verify-email').then((m) => m.VerifyEmailPage)),
  // Reached from an email's link by someone who need not be signed in.
  unsubscribe: lazy(() => import('./routes/unsubscribe').then((m) => m.UnsubscribePage)),
  staffInvitation: lazy(() => import('./routes/join-staff').then((m) => m.JoinStaffPage)),
  tasks: lazy(() => import('./routes/tasks').then((m) => m.TasksPage)),
  dashboard: lazy(() => import('./routes/dashboard').then((m) => m.DashboardPage)),
  account: lazy(() => import('./routes/account').then((m) => m.AccountPage)),
  notifications: lazy(() => import('./routes/notifications').then((m) => m.NotificationsPage)),
  myEntries: lazy(() => import('./routes/member-lists').then((m) => m.MyEntriesPage)),
  entries: lazy(() => import('./routes/member-lists').then((m) => m.MyEntriesPage)),
  wins: lazy(() => import('./routes/member-lists').then((m) => m.MyWinsPage)),
  messages: lazy(() => import('./routes/my-messages').then((m) => m.MyMessagesPage)),
  admin: lazy(() => import('./routes/admin').then((m) => m.AdminPage)),
  adminMember: lazy(() => import('./routes/admin-member').then((m) => m.AdminMemberPage)),
};

const GUARDS: Record<PageAccess, (page: React.ReactNode) => React.ReactNode> = {
  public: (page) => page,
  member: (page) => <RequireUser>{page}</RequireUser>,
  player: (page) => (
    <RequireUser>
      <RequirePlayer>{page}</RequirePlayer>
    </RequireUser>
  ),
  admin: (page) => (
    <RequireAdmin>
      <RequireSecondFactor>{page}</RequireSecondFactor>
    </RequireAdmin>
  ),
};

/** What the page needs is read as its code loads, not once it has run; the page then finds it fresh. */
const LOADERS: Partial<Record<PageName, RouteObject['loader']>> = {
  prize: ({ params, request }) => {
    if (pageAt(new URL(request.url).pathname))
      void queryClient.prefetchQuery(prizeQueryOptions(params.id ?? ''));
    return null;
  },
};

/**
 * A page whose address holds an id, shown only for an id of the right shape: any other address, a
 * sample prize's key say, is no page, as the server's 404 says (shared/pages.ts).
 */
function OnlyKnownAddress({ children }: { children: React.ReactNode }) {
  return pageAt(useLocation().pathname) ? children : <NotFoundPage />;
}

function routeOf(name: PageName): RouteObject {
  const { path, access } = PAGES[name];
  const code = PAGE_CODE[name];
  const byAccess = GUARDS[access];
  const guard = path.includes(':')
    ? (page: React.ReactNode) => <OnlyKnownAddress>{byAccess(page)}</OnlyKnownAddress>
    : byAccess;
  const loader = LOADERS[name];
  const route: RouteObject = { path, ...(loader && { loader }) };
  if ('eager' in code) return { ...route, element: guard(<code.eager />) };
  return {
    ...route,
    lazy: async () => {
      const Page = await code.lazy();
      return { element: guard(<Page />) };
    },
  };
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        // A page that fails shows the error page inside the site's layout.
        errorElement: <ErrorPage />,
        // Opening the site on a page not yet loaded: the frame shows at once, this in its place.
        hydrateFallbackElement: <Spinner />,
        children: [
          ...(Object.keys(PAGES) as PageName[]).map(routeOf),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The site's router, made once per page load: it reads the address and starts the page's code and data. */
export const createRouter = () => createBrowserRouter(routes);
