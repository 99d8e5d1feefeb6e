import { useState } from 'react';
import { Link } from 'react-router';
import type { AppleBody, GoogleBody, SocialSignInResponse } from '../../../../contract/auth';
import { WELCOME_BONUS } from '../../../../contract/constants';
import type { TwoFactorChallenge } from '../../../../contract/two-factor';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { useProviders } from '../api/get-providers';
import { useAppleSignIn, useGoogleSignIn } from '../api/social-sign-in';
import { AppleButton } from './apple-button';
import { GoogleButton } from './google-button';

type Attempt =
  | { provider: 'google'; body: Omit<GoogleBody, 'acceptTerms'> }
  | { provider: 'apple'; body: Omit<AppleBody, 'acceptTerms'> };

const FAILED = { google: 'Google login failed', apple: 'Apple login failed' } as const;

/**
 * Google and Apple buttons, shown only for the providers the site is set up
 * with. Someone new is asked to confirm their age and the terms before the
 * account is made, and the same sign-in is then sent again with that answer.
 */
export function SocialSignIn({
  onSuccess,
  onChallenge,
}: {
  onSuccess(): void;
  /** An account with a second factor: its code is asked for next. */
  onChallenge(challenge: TwoFactorChallenge): void;
}) {
  const providers = useProviders();
  const { signIn } = useSession();
  const google = useGoogleSignIn();
  const apple = useAppleSignIn();
  const [needsTerms, setNeedsTerms] = useState<Attempt | null>(null);
  const [accepted, setAccepted] = useState(false);

  async function attempt(next: Attempt, acceptTerms?: boolean) {
    let session: SocialSignInResponse;
    try {
      session =
        next.provider === 'google'
          ? await google.mutateAsync({ ...next.body, acceptTerms })
          : await apple.mutateAsync({ ...next.body, acceptTerms });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'terms_required') {
        setAccepted(false);
        setNeedsTerms(next);
        return;
      }
      setNeedsTerms(null);
      toast.error(errorText(err, FAILED[next.provider]));
      return;
    }
    setNeedsTerms(null);
    if ('twoFactorRequired' in session) return onChallenge(session);
    toast.success(
      session.newAccount ? `Welcome! You received ${WELCOME_BONUS} free entries!` : 'Login successful!',
    );
    signIn(session);
    onSuccess();
  }

  const { google: googleClient, apple: appleClient } = providers.data ?? {};
  if (!googleClient && !appleClient) return null;
  const busy = google.isPending || apple.isPending;

  return (
    <div className="mt-6">
      <p className="relative text-center text-sm text-slate-600 before:absolute before:top-1/2 before:left-0 before:h-px before:w-full before:bg-slate-200">
        <span className="relative bg-white px-3">or</span>
      </p>
      <div className="mt-4 space-y-3">
        {googleClient && (
          <GoogleButton
            clientId={googleClient.clientId}
            onCredential={(credential) => attempt({ provider: 'google', body: { credential } })}
          />
        )}
        {appleClient && (
          <AppleButton
            clientId={appleClient.clientId}
            onSignIn={(body) => attempt({ provider: 'apple', body })}
            onError={() => toast.error(FAILED.apple)}
          />
        )}
      </div>
      {needsTerms && (
        <Modal
          labelledBy="social-terms-title"
          onClose={() => setNeedsTerms(null)}
          canClose={!busy}
          className="max-w-md"
        >
          <h2 id="social-terms-title" className="text-lg font-bold text-slate-900">
            One more step
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            We are about to create your free account. Please confirm before we do.
          </p>
          <label className="mt-4 flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
              checked={accepted}
              onChange={(e) => setAccepted(e.target.checked)}
            />
            <span>
              I am 18 or over and accept the{' '}
              <Link to={paths.terms} target="_blank" className="font-medium text-brand-700 underline">
                Terms
              </Link>{' '}
              and{' '}
              <Link to={paths.contestRules} target="_blank" className="font-medium text-brand-700 underline">
                Contest Rules
              </Link>
            </span>
          </label>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setNeedsTerms(null)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => attempt(needsTerms, true)} disabled={!accepted || busy}>
              {busy ? 'Creating your account...' : 'Create my account'}
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
}
