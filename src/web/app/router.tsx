import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { RequireAdmin, RequireUser } from './guards';
import { RootLayout } from './layouts/root-layout';
import { AboutPage } from './routes/about';
import { AccountPage } from './routes/account';
import { AdminPage } from './routes/admin';
import { ContactPage } from './routes/contact';
import { ContestRulesPage } from './routes/contest-rules';
import { DashboardPage } from './routes/dashboard';
import { DrawVerificationPage } from './routes/draw-verification';
import { ErrorPage } from './routes/error-page';
import { FaqPage } from './routes/faq';
import { ForgotPasswordPage } from './routes/forgot-password';
import { HomePage } from './routes/home';
import { HowItWorksPage } from './routes/how-it-works';
import { LoginPage } from './routes/login';
import { MyEntriesPage, MyWinsPage } from './routes/member-lists';
import { NotFoundPage } from './routes/not-found';
import { PrivacyPage } from './routes/privacy';
import { PrizeDetailPage } from './routes/prize-detail';
import { PrizesPage } from './routes/prizes';
import { RegisterPage } from './routes/register';
import { ResetPasswordPage } from './routes/reset-password';
import { TasksPage } from './routes/tasks';
import { TermsPage } from './routes/terms';
import { VerifyEmailPage } from './routes/verify-email';
import { WinnersPage } from './routes/winners';

const member = (page: React.ReactNode) => <RequireUser>{page}</RequireUser>;

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        // A page that fails shows the error page inside the site's layout.
        errorElement: <ErrorPage />,
        children: [
          { path: paths.home, element: <HomePage /> },
          { path: paths.prizes, element: <PrizesPage /> },
          { path: '/prizes/:id', element: <PrizeDetailPage /> },
          { path: '/draws/:id', element: <DrawVerificationPage /> },
          { path: paths.howItWorks, element: <HowItWorksPage /> },
          { path: paths.winners, element: <WinnersPage /> },
          { path: paths.faq, element: <FaqPage /> },
          { path: paths.contact, element: <ContactPage /> },
          { path: paths.about, element: <AboutPage /> },
          { path: paths.terms, element: <TermsPage /> },
          { path: paths.privacy, element: <PrivacyPage /> },
          { path: paths.contestRules, element: <ContestRulesPage /> },
          { path: paths.login, element: <LoginPage /> },
          { path: paths.register, element: <RegisterPage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
          { path: paths.verifyEmail, element: <VerifyEmailPage /> },
          { path: paths.tasks, element: member(<TasksPage />) },
          { path: paths.dashboard, element: member(<DashboardPage />) },
          { path: paths.account, element: member(<AccountPage />) },
          { path: paths.myEntries, element: member(<MyEntriesPage />) },
          { path: paths.entries, element: member(<MyEntriesPage />) },
          { path: paths.wins, element: member(<MyWinsPage />) },
          {
            path: paths.admin,
            element: (
              <RequireAdmin>
                <AdminPage />
              </RequireAdmin>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
