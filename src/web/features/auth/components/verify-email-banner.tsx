import { MailWarning } from 'lucide-react';

import { isPlayer, useSession } from '../../../lib/session/session';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useResendVerification } from '../api/resend-verification';

/** Shown on every page until a signed-in member has verified their address; staff claim no prizes. */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const resend = useResendVerification();
  if (!isPlayer(user) || user.emailVerified) return null;

  const send = submitWithToast(() => resend.mutateAsync(), {
    success: (result) => result.message,
    error: 'Could not send the link',
  });

  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm text-amber-950">
        <MailWarning aria-hidden className="h-5 w-5 shrink-0" />
        <p className="min-w-0 flex-1 basis-64">
          Please verify your email address: we sent a link to{' '}
          <strong className="break-all">{user.email}</strong>. You need a verified address to claim a prize.
        </p>
        <button
          type="button"
          onClick={send}
          disabled={resend.isPending || resend.isSuccess}
          className="rounded-lg px-2 py-1 font-semibold text-amber-950 underline hover:bg-amber-100 disabled:no-underline disabled:opacity-70"
        >
          {resend.isSuccess ? 'Link sent' : resend.isPending ? 'Sending…' : 'Send a new link'}
        </button>
      </div>
    </div>
  );
}
