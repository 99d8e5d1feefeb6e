import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';
import { useVerifyEmail } from '../api/verify-email';

/** Spends the emailed link as soon as the page opens, once, and says how it went. */
export function VerifyEmailResult({ token }: { token: string | null }) {
  const verify = useVerifyEmail();
  const { status } = useSession();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  if (token && (verify.isIdle || verify.isPending)) return <Spinner label="Checking your link..." />;
  const ok = verify.isSuccess;
  return (
    <div className="text-center">
      {ok ? (
        <CircleCheck aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
      ) : (
        <CircleX aria-hidden className="mx-auto h-12 w-12 text-red-600" />
      )}
      <p className="mt-3 font-semibold text-slate-900">
        {ok
          ? verify.data.message
          : token
            ? errorText(verify.error, 'We could not verify your address')
            : 'This link is not valid'}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {ok
          ? 'You can now claim any prize you win.'
          : 'Sign in and use “Send a new link” at the top of any page to get a fresh one.'}
      </p>
      <ButtonLink to={status === 'signed-in' ? paths.dashboard : paths.login} className="mt-6">
        {status === 'signed-in' ? 'Go to your dashboard' : 'Sign in'}
      </ButtonLink>
    </div>
  );
}
