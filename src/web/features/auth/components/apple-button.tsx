import { useState } from 'react';
import type { AppleBody } from '../../../../contract/auth';
import { loadScript } from '../../../lib/load-script';

/** Sign in with Apple JS: we draw the button; Apple's popup hands back an ID token, and the name only the first time. */
const APPLE_SCRIPT = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_GB/appleid.auth.js';

interface AppleSignInResult {
  authorization: { id_token: string };
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
}
declare global {
  interface Window {
    AppleID?: {
      auth: {
        init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
        signIn(): Promise<AppleSignInResult>;
      };
    };
  }
}

type AppleSignIn = Omit<AppleBody, 'acceptTerms'>;

export function AppleButton({
  clientId,
  onSignIn,
  onError,
}: {
  clientId: string;
  onSignIn(body: AppleSignIn): void;
  onError(): void;
}) {
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      await loadScript(APPLE_SCRIPT);
      const apple = window.AppleID;
      if (!apple) throw new Error('Apple sign-in did not load');
      apple.auth.init({ clientId, scope: 'name email', redirectURI: window.location.origin, usePopup: true });
      const { authorization, user } = await apple.auth.signIn();
      onSignIn({
        identityToken: authorization.id_token,
        ...(user?.email && { email: user.email }),
        ...(user?.name && { fullName: { givenName: user.name.firstName, familyName: user.name.lastName } }),
      });
    } catch (err) {
      // Closing Apple's popup is not a failure worth a message.
      if ((err as { error?: string }).error !== 'popup_closed_by_user') onError();
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-black px-6 py-2.5 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-black disabled:opacity-60"
      onClick={start}
      disabled={busy}
    >
      <svg aria-hidden viewBox="0 0 14 17" className="h-5 w-5 fill-current">
        <path d="M11.6 9c0-2 1.7-3 1.8-3.1-1-1.4-2.5-1.6-3-1.7-1.3-.1-2.5.8-3.2.8-.7 0-1.7-.8-2.8-.7C3 4.3 1.7 5.1 1 6.4c-1.5 2.6-.4 6.4 1.1 8.5.7 1 1.5 2.2 2.6 2.1 1-.1 1.5-.7 2.7-.7 1.3 0 1.6.7 2.8.7 1.1 0 1.8-1 2.5-2.1.8-1.2 1.1-2.3 1.2-2.4-.1 0-2.3-.9-2.3-3.5zM9.6 3C10.2 2.3 10.6 1.3 10.5.3c-.9 0-1.9.6-2.6 1.3-.6.6-1.1 1.6-.9 2.6 1 .1 2-.5 2.6-1.2z" />
      </svg>
      {busy ? 'Opening Apple…' : 'Continue with Apple'}
    </button>
  );
}
