import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { prizeQueryOptions } from '../features/prizes/api/get-prize';
import { RequireAdmin, RequireUser } from './guards';
import { RootLayout } from './layouts/root-layout';
import { queryClient } from './query-client';
import { ErrorPage } from './routes/error-page';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { PrizesPage } from './routes/prizes';

const member = (page: React.ReactNode) => <RequireUser>{page}</RequireUser>;

/**
 * A page loaded when it is first visited, so the first load carries only the
 * site's frame, the home page and the prize list.
 */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => React.ComponentType,
  wrap: (page: React.ReactNode) => React.ReactNode = (el) => el,
) {
  return {
    lazy: async () => {
      const Page = pick(await load());
      return { element: wrap(<Page />) };
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
          { path: paths.home, element: <HomePage /> },
          // Most visits land on one of these two, so they come with the first load rather than after it.
          { path: paths.prizes, element: <PrizesPage /> },
          {
            path: '/prizes/:id',
            // The prize is read as the page's code loads, not once it has run; the page then finds it fresh.
            loader: ({ params }) => {
              void queryClient.prefetchQuery(prizeQueryOptions(params.id ?? ''));
              return null;
            },
            ...page(
              () => import('./routes/prize-detail'),
              (m) => m.PrizeDetailPage,
            ),
          },
          {
            path: '/draws/:id',
            ...page(
              () => import('./routes/draw-verification'),
              (m) => m.DrawVerificationPage,
            ),
          },
          {
            path: paths.howItWorks,
            ...page(
              () => import('./routes/how-it-works'),
              (m) => m.HowItWorksPage,
            ),
          },
          {
            path: paths.winners,
            ...page(
              () => import('./routes/winners'),
              (m) => m.WinnersPage,
            ),
          },
          {
            path: paths.faq,
            ...page(
              () => import('./routes/faq'),
              (m) => m.FaqPage,
            ),
          },
          {
            path: paths.contact,
            ...page(
              () => import('./routes/contact'),
              (m) => m.ContactPage,
            ),
          },
          {
            path: paths.about,
            ...page(
              () => import('./routes/about'),
              (m) => m.AboutPage,
            ),
          },
          {
            path: paths.terms,
            ...page(
              () => import('./routes/terms'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: paths.privacy,
            ...page(
              () => import('./routes/privacy'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: paths.contestRules,
            ...page(
              () => import('./routes/contest-rules'),
              (m) => m.ContestRulesPage,
            ),
          },
          {
            path: paths.login,
            ...page(
              () => import('./routes/login'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: paths.register,
            ...page(
              () => import('./routes/register'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: paths.forgotPassword,
            ...page(
              () => import('./routes/forgot-password'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: paths.resetPassword,
            ...page(
              () => import('./routes/reset-password'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: paths.verifyEmail,
            ...page(
              () => import('./routes/verify-email'),
              (m) => m.VerifyEmailPage,
            ),
          },
          {
            path: paths.tasks,
            ...page(
              () => import('./routes/tasks'),
              (m) => m.TasksPage,
              member,
            ),
          },
          {
            path: paths.dashboard,
            ...page(
              () => import('./routes/dashboard'),
              (m) => m.DashboardPage,
              member,
            ),
          },
          {
            path: paths.account,
            ...page(
              () => import('./routes/account'),
              (m) => m.AccountPage,
              member,
            ),
          },
          {
            path: paths.notifications,
            ...page(
              () => import('./routes/notifications'),
              (m) => m.NotificationsPage,
              member,
            ),
          },
          {
            // Reached from an email's link by someone who need not be signed in.
            path: paths.unsubscribe,
            ...page(
              () => import('./routes/unsubscribe'),
              (m) => m.UnsubscribePage,
            ),
          },
          {
            path: paths.myEntries,
            ...page(
              () => import('./routes/member-lists'),
              (m) => m.MyEntriesPage,
              member,
            ),
          },
          {
            path: paths.entries,
            ...page(
              () => import('./routes/member-lists'),
              (m) => m.MyEntriesPage,
              member,
            ),
          },
          {
            path: paths.wins,
            ...page(
              () => import('./routes/member-lists'),
              (m) => m.MyWinsPage,
              member,
            ),
          },
          {
            path: paths.admin,
            ...page(
              () => import('./routes/admin'),
              (m) => m.AdminPage,
              (el) => <RequireAdmin>{el}</RequireAdmin>,
            ),
          },
          {
            path: '/admin/users/:id',
            ...page(
              () => import('./routes/admin-member'),
              (m) => m.AdminMemberPage,
              (el) => <RequireAdmin>{el}</RequireAdmin>,
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The site's router, made once per page load: it reads the address and starts the page's code and data. */
export const createRouter = () => createBrowserRouter(routes);
