import { ChevronDown, LayoutDashboard, LogOut, MessageSquare, Shield, UserCog } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../contract/users';
import { paths } from '../../config/paths';
import { isPlayer } from '../../lib/session/session';
import { useDismiss } from '../../lib/use-dismiss';

const item =
  'flex w-full items-center gap-2 px-4 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none';

/** A disclosure: the button shows or hides a short list of links; Escape or a click elsewhere hides it. */
export function UserMenu({ user, onLogout }: { user: CurrentUser; onLogout(): void }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss(open, close, ref, button);

  return (
    <div className="relative" ref={ref}>
      <button
        ref={button}
        type="button"
        className="flex items-center gap-2 rounded-xl px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={open ? 'user-menu' : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span
          aria-hidden
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
        >
          {Array.from(user.username)[0]?.toUpperCase()}
        </span>
        <span className="max-w-32 truncate">{user.username}</span>
        <ChevronDown aria-hidden className="h-4 w-4" />
      </button>
      {open && (
        <div
          id="user-menu"
          className="absolute right-0 z-30 mt-2 w-52 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {isPlayer(user) && (
            <Link to={paths.dashboard} className={item} onClick={() => setOpen(false)}>
              <LayoutDashboard aria-hidden className="h-4 w-4" /> Dashboard
            </Link>
          )}
          <Link to={paths.account} className={item} onClick={() => setOpen(false)}>
            <UserCog aria-hidden className="h-4 w-4" /> My Account
          </Link>
          <Link to={paths.messages} className={item} onClick={() => setOpen(false)}>
            <MessageSquare aria-hidden className="h-4 w-4" /> My messages
          </Link>
          {user.isAdmin && (
            <Link to={paths.admin} className={item} onClick={() => setOpen(false)}>
              <Shield aria-hidden className="h-4 w-4" /> Admin Panel
            </Link>
          )}
          <button
            type="button"
            className={item}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <LogOut aria-hidden className="h-4 w-4" /> Logout
          </button>
        </div>
      )}
    </div>
  );
}
