import { type ComponentType, lazy, type ReactNode } from 'react';
import { BrowserRouter, type Params, Route, Routes, useLocation, useParams } from 'react-router';
import { PAGES, type PageAccess, type PageName, pageAt } from '../../shared/pages';
import { prizeQueryOptions } from '../features/prizes/api/get-prize';
import { RequireAdmin, RequirePlayer, RequireUser } from './guards';
import { RootLayout } from './layouts/root-layout';
import { queryClient } from './query-client';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { PrizesPage } from './routes/prizes';

/** A page loaded when first visited; the layout shows a spinner in its place meanwhile. */
const later = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(async () => ({ default: await load() }));

/**
 * Each page's code: with the first load for the two most visits land on, the
 * rest loaded when first visited, so the first load carries only the site's
 * frame, the home page and the prize list.
 */
const PAGE_CODE: Record<PageName, ComponentType> = {
  home: HomePage,
  prizes: PrizesPage,
  prize: later(() => import('./routes/prize-detail').then((m) => m.PrizeDetailPage)),
  draw: later(() => import('./routes/draw-verification').then((m) => m.DrawVerificationPage)),
  howItWorks: later(() => import('./routes/how-it-works').then((m) => m.HowItWorksPage)),
  winners: later(() => import('./routes/winners').then((m) => m.WinnersPage)),
  transparency: later(() => import('./routes/transparency').then((m) => m.TransparencyPage)),
  faq: later(() => import('./routes/faq').then((m) => m.FaqPage)),
  contact: later(() => import('./routes/contact').then((m) => m.ContactPage)),
  about: later(() => import('./routes/about').then((m) => m.AboutPage)),
  terms: later(() => import('./routes/terms').then((m) => m.TermsPage)),
  privacy: later(() => import('./routes/privacy').then((m) => m.PrivacyPage)),
  contestRules: later(() => import('./routes/contest-rules').then((m) => m.ContestRulesPage)),
  login: later(() => import('./routes/login').then((m) => m.LoginPage)),
  register: later(() => import('./routes/register').then((m) => m.RegisterPage)),
  forgotPassword: later(() => import('./routes/forgot-password').then((m) => m.ForgotPasswordPage)),
  resetPassword: later(() => import('./routes/reset-password').then((m) => m.ResetPasswordPage)),
  verifyEmail: later(() => import('./routes/verify-email').then((m) => m.VerifyEmailPage)),
  // Reached from an email's link by someone who need not be signed in.
  unsubscribe: later(() => import('./routes/unsubscribe').then((m) => m.UnsubscribePage)),
  staffInvitation: later(() => import('./routes/join-staff').then((m) => m.JoinStaffPage)),
  tasks: later(() => import('./routes/tasks').then((m) => m.TasksPage)),
  dashboard: later(() => import('./routes/dashboard').then((m) => m.DashboardPage)),
  account: later(() => import('./routes/account').then((m) => m.AccountPage)),
  standing: later(() => import('./routes/standing').then((m) => m.StandingPage)),
  notifications: later(() => import('./routes/notifications').then((m) => m.NotificationsPage)),
  myEntries: later(() => import('./routes/member-lists').then((m) => m.MyEntriesPage)),
  entries: later(() => import('./routes/member-lists').then((m) => m.MyEntriesPage)),
  wins: later(() => import('./routes/member-lists').then((m) => m.MyWinsPage)),
  messages: later(() => import('./routes/my-messages').then((m) => m.MyMessagesPage)),
  admin: later(() => import('./routes/admin').then((m) => m.AdminPage)),
  adminMember: later(() => import('./routes/admin-member').then((m) => m.AdminMemberPage)),
};

/** The console's second step (codes, passkeys, their forms) loads with the console, not with a member's first load. */
const RequireSecondFactor = later(() =>
  import('../features/two-factor/components/require-second-factor').then((m) => m.RequireSecondFactor),
);

/** Who may see a page. The server checks again on every call. */
const GUARDS: Record<PageAccess, (page: ReactNode) => ReactNode> = {
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

/** What a page needs, asked for as it opens, while its code is still loading; the page then finds it fresh. */
const ON_OPEN: Partial<Record<PageName, (params: Params) => void>> = {
  prize: (params) => void queryClient.prefetchQuery(prizeQueryOptions(params.id ?? '')),
};

/**
 * Asks for what the page needs as it is drawn, before its code has arrived: an effect would run only
 * once the page has, which is what asking early saves. Asking twice costs nothing, as the query is shared.
 */
function Opening({ name }: { name: PageName }) {
  const params = useParams();
  ON_OPEN[name]?.(params);
  return null;
}

/**
 * A page whose address holds an id, shown only for an id of the right shape: any other address, a
 * sample prize's key say, is no page, as the server's 404 says (shared/pages.ts).
 */
function OnlyKnownAddress({ children }: { children: ReactNode }) {
  return pageAt(useLocation().pathname) ? children : <NotFoundPage />;
}

function routeOf(name: PageName) {
  const { path, access } = PAGES[name];
  const Page = PAGE_CODE[name];
  const page = GUARDS[access](
    <>
      <Opening name={name} />
      <Page />
    </>,
  );
  return (
    <Route
      key={name}
      path={path}
      element={path.includes(':') ? <OnlyKnownAddress>{page}</OnlyKnownAddress> : page}
    />
  );
}

/**
 * The site's pages, each at its address (shared/pages.ts), inside the site's frame. Moving to a page
 * is not a transition: the frame stays and the page's place shows it loading, rather than the old
 * page lingering with no sign that the click was heard.
 */
export function SiteRoutes() {
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route element={<RootLayout />}>
          {(Object.keys(PAGES) as PageName[]).map(routeOf)}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
