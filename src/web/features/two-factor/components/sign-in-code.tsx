import type { TwoFactorChallenge } from '../../../../contract/two-factor';
import { useSession } from '../../../lib/session/session';
import { useVerifySignIn } from '../api/verify-sign-in';
import { CodeForm } from './code-form';
import { PasskeySignIn } from './passkey-sign-in';

/** The second step of signing in to an account with two-step verification: its code. */
export function SignInCode({
  challenge,
  onSuccess,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  onSuccess(): void;
  /** Back to the password, for a challenge that has expired. */
  onRestart(): void;
}) {
  const { signIn } = useSession();
  const verify = useVerifySignIn();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Open your authenticator app and enter the 6-digit code it shows for PrizeDraw. Lost your phone? Enter
        one of your recovery codes instead.
      </p>
      <CodeForm
        autoFocus
        send={(code) => verify.mutateAsync({ challenge: challenge.challenge, code })}
        success="Login successful!"
        error="Login failed"
        then={(session) => {
          signIn(session);
          onSuccess();
        }}
        submitLabel="Verify"
        busyLabel="Verifying..."
      />
      <PasskeySignIn onSuccess={onSuccess} />
      <button type="button" onClick={onRestart} className="text-sm font-medium text-brand-700 underline">
        Start again with your password
      </button>
    </div>
  );
}
