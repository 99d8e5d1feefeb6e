import type { ReactNode } from 'react';
import type { CurrentUser } from '../../../../contract/users';
import { count, pounds } from '../../../lib/format';
import { EmailStatus } from './email-status';

const joinedDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Who the user is to us: name, address, when they joined and what they hold. */
export function AccountDetails({ user }: { user: CurrentUser }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 p-5 sm:grid-cols-2">
      <Detail label="Username">{user.username}</Detail>
      <Detail label="Joined">{joinedDate.format(new Date(user.createdAt))}</Detail>
      <div className="min-w-0 sm:col-span-2">
        <dt className="text-sm text-slate-600">Email</dt>
        <dd className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-semibold break-all text-slate-900" data-testid="account-email">
            {user.email}
          </span>
          <EmailStatus verified={user.emailVerified} />
        </dd>
        {!user.emailVerified && (
          <dd className="mt-1 text-sm text-slate-600">
            We emailed you a link to confirm this address. Please open it to verify.
          </dd>
        )}
      </div>
      <Detail label="Entries">
        <span data-testid="account-entries">
          {count(user.availableEntries)} available to spend · {count(user.totalEntries)} earned since you
          joined
        </span>
      </Detail>
      <Detail label="Cash balance">
        <span data-testid="account-cash">{pounds(user.cashBalance)}</span>
      </Detail>
    </dl>
  );
}
