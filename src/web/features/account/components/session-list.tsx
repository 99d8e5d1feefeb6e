import { Monitor, Smartphone } from 'lucide-react';
import type { AccountSession } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { relativeTime, ukDateTime } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';

// "Just now" and "Yesterday" follow "Last used" mid-sentence; "20 Nov" keeps its capital.
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const onPhone = (device: string) => /Android|iPhone|iPad/.test(device);

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const signOut = submitWithToast(() => end.mutateAsync(session._id), {
    success: (r) => r.message,
    error: 'Failed to sign that device out',
  });
  const Icon = onPhone(session.device) ? Smartphone : Monitor;
  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-4" data-testid="session">
      <Icon aria-hidden className="h-5 w-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {session.device}
          {session.current && (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-bold text-brand-800">
              This device
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          Last used{' '}
          <time dateTime={session.lastUsedAt} title={ukDateTime(session.lastUsedAt)}>
            {lowerFirst(relativeTime(session.lastUsedAt))}
          </time>{' '}
          · signed in {ukDateTime(session.createdAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          disabled={end.isPending}
          onClick={() => void signOut(undefined)}
        >
          Sign out<span className="sr-only"> {session.device}</span>
        </Button>
      )}
    </li>
  );
}

/** Every device signed in to the account, this one first, each of the others with a way to end it. */
export function SessionList() {
  const { data, isPending, isError } = useSessions();
  const endOthers = useEndOtherSessions();
  if (isPending) return <Spinner label="Loading your sessions..." />;
  if (isError) return <LoadError what="Your sessions" />;
  const sessions = [...data].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((s) => !s.current).length;
  const signOutOthers = submitWithToast(() => endOthers.mutateAsync(), {
    success: (r) => r.message,
    error: 'Failed to sign out your other devices',
  });
  return (
    <div>
      <ul className="divide-y divide-slate-100">
        {sessions.map((s) => (
          <SessionRow key={s._id} session={s} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-5 py-4">
        {others > 0 ? (
          <>
            <p className="text-sm text-slate-600">
              Don’t recognise a device? Sign it out, then change your password.
            </p>
            <Button
              variant="secondary"
              disabled={endOthers.isPending}
              onClick={() => void signOutOthers(undefined)}
            >
              Sign out everywhere else
            </Button>
          </>
        ) : (
          <p className="text-sm text-slate-600">You are signed in on this device only.</p>
        )}
      </div>
    </div>
  );
}
