import { Menu, Ticket, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { entriesLabel } from '../../lib/format';
import { isPlayer, useSession } from '../../lib/session/session';
import { toast } from '../../lib/toast';
import { Logo } from './logo';
import { legalLinks, mainLinks, supportLinks } from './nav-links';
import { UserMenu } from './user-menu';

// Only members have a bell, so visitors' first load does not carry it or its live connection.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`;
const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'}`;

export function Navbar() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const { key: page } = useLocation();

  // Whichever link was followed (the menu's, the footer's, one on the page), the new page is not left under the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on every navigation.
  useEffect(() => setMenuOpen(false), [page]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  async function handleLogout() {
    closeMenu();
    // Leave the page first: a members-only page would otherwise bounce to /login as the session ends.
    navigate(paths.home);
    await signOut();
    toast.success('Logged out successfully');
  }

  const links = mainLinks(user);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Logo compact={Boolean(user)} />
        <ul className="ml-4 hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end={l.to === paths.home} className={desktopLink}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <>
              {isPlayer(user) && (
                <NavLink
                  to={paths.tasks}
                  className="flex items-center gap-1.5 rounded-full bg-gold-400/20 px-3 py-1.5 text-sm font-bold text-brand-900"
                  data-testid="entries-count"
                  title="Available entries: earn more on the Tasks page"
                >
                  <Ticket aria-hidden className="h-4 w-4 text-brand-700" />
                  {entriesLabel(user.availableEntries)}
                </NavLink>
              )}
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
              <div className="hidden lg:block">
                <UserMenu user={user} onLogout={handleLogout} />
              </div>
            </>
          ) : (
            <NavLink to={paths.login} className={buttonClass('primary', 'sm', 'hidden sm:inline-flex')}>
              Sign In
            </NavLink>
          )}
          <button
            type="button"
            className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 lg:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
          </button>
        </div>
      </nav>

      {menuOpen && (
        <div
          id="mobile-menu"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
        >
          <div className="mx-auto max-w-6xl space-y-4 px-4 py-4">
            {user && (
              <p className="px-3 text-sm text-slate-600">
                Signed in as <span className="font-semibold text-slate-900">{user.username}</span>
              </p>
            )}
            <ul className="space-y-1">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.to === paths.home} className={mobileLink}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <ul className="grid grid-cols-2 gap-1 border-t border-slate-200 pt-3">
              {[...supportLinks, ...legalLinks].map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className={mobileLink}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="border-t border-slate-200 pt-3">
              {user ? (
                <div className="space-y-3">
                  <NavLink to={paths.account} className={mobileLink}>
                    My Account
                  </NavLink>
                  <NavLink to={paths.messages} className={mobileLink}>
                    My messages
                  </NavLink>
                  <button
                    type="button"
                    className={buttonClass('secondary', 'md', 'w-full')}
                    onClick={handleLogout}
                  >
                    Logout
                  </button>
                </div>
              ) : (
                <NavLink to={paths.login} className={buttonClass('primary', 'md', 'w-full')}>
                  Sign In
                </NavLink>
              )}
            </div>
          </div>
        </div>
      )}
    </header>
  );
}
