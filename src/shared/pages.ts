/**
 * Every page of the web app, once: its path, its title and who may open it.
 * The router builds its routes from this (web/app/router.tsx), each page's
 * <title> comes from it, and the server answers 404 to an address that is no
 * page (server/plugins/static-site.ts), still with the app's Not Found page.
 */

/**
 * Who may open a page: anyone, anyone signed in, a member who plays (staff never do, DESIGN §12,
 * and are taken to the console instead), or staff.
 */
export type PageAccess = 'public' | 'member' | 'player' | 'admin';

interface Page {
  path: string;
  /** The page's name in the browser's tab, before " | PrizeDraw". */
  title: string;
  access: PageAccess;
}

const page = (path: string, title: string, access: PageAccess = 'public'): Page => ({ path, title, access });

export const PAGES = {
  home: page('/', 'Free UK prize draws'),
  prizes: page('/prizes', 'Prizes'),
  prize: page('/prizes/:id', 'Prize'),
  draw: page('/draws/:id', 'Check a draw'),
  howItWorks: page('/how-it-works', 'How it works'),
  winners: page('/winners', 'Winners'),
  transparency: page('/transparency', 'Transparency'),
  faq: page('/faq', 'FAQ'),
  contact: page('/contact', 'Contact us'),
  about: page('/about', 'About us'),
  terms: page('/terms', 'Terms and conditions'),
  privacy: page('/privacy', 'Privacy policy'),
  contestRules: page('/contest-rules', 'Contest rules'),
  login: page('/login', 'Log in'),
  register: page('/register', 'Sign up'),
  forgotPassword: page('/forgot-password', 'Forgot password'),
  resetPassword: page('/reset-password', 'Reset password'),
  verifyEmail: page('/verify-email', 'Verify your email'),
  unsubscribe: page('/unsubscribe', 'Unsubscribe'),
  staffInvitation: page('/join-staff', 'Join the staff'),
  tasks: page('/tasks', 'Earn entries', 'player'),
  dashboard: page('/dashboard', 'Dashboard', 'player'),
  account: page('/account', 'Your account', 'member'),
  standing: page('/standing', 'Your standing', 'member'),
  notifications: page('/notifications', 'Notifications', 'member'),
  myEntries: page('/my-entries', 'My entries', 'player'),
  entries: page('/entries', 'My entries', 'player'),
  wins: page('/wins', 'My wins', 'player'),
  messages: page('/messages', 'My messages', 'member'),
  admin: page('/admin', 'Admin panel', 'admin'),
  adminMember: page('/admin/users/:id', 'Member', 'admin'),
} as const satisfies Record<string, Page>;

export type PageName = keyof typeof PAGES;

/** The title of an address the app has no page for. */
export const NOT_FOUND_TITLE = 'Page not found';

/** The site's name, after each page's title. */
export const titleOf = (title: string) => `${title} | PrizeDraw`;

/** Every id in an address is a uuid: any other, a sample prize's key say, is no page. */
const ID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

const patterns = Object.entries(PAGES).map(
  ([name, p]) =>
    [name as PageName, new RegExp(`^${p.path.replace(/:\w+/g, ID).replace(/\/$/, '')}/?$`)] as const,
);

/** The page an address shows (its path, without query or fragment), or undefined when it is no page. */
export function pageAt(pathname: string): PageName | undefined {
  return patterns.find(([, pattern]) => pattern.test(pathname))?.[0];
}
