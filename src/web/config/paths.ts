/** Every URL of the site in one place. */
export const paths = {
  home: '/',
  prizes: '/prizes',
  prize: (id: string) => `/prizes/${encodeURIComponent(id)}`,
  howItWorks: '/how-it-works',
  winners: '/winners',
  faq: '/faq',
  contact: '/contact',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  contestRules: '/contest-rules',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  tasks: '/tasks',
  dashboard: '/dashboard',
  account: '/account',
  /** The account page's email and notification choices. */
  emailChoices: '/account#email-choices',
  notifications: '/notifications',
  unsubscribe: '/unsubscribe',
  myEntries: '/my-entries',
  wins: '/wins',
  entries: '/entries',
  admin: '/admin',
  /** A tab of the Admin Panel, e.g. adminTab('users'). */
  adminTab: (tab: string) => `/admin?tab=${encodeURIComponent(tab)}`,
  adminMember: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  draw: (id: string) => `/draws/${encodeURIComponent(id)}`,
} as const;

/** Where to send someone back to after signing in: only a path on this site. */
export function safeNext(next: string | null | undefined): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : paths.dashboard;
}

export const loginWithNext = (next: string) => `${paths.login}?next=${encodeURIComponent(next)}`;
