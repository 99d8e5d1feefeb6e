import { KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { useReauthWithPasskey, useSignInWithPasskey } from '../api/passkeys';

/** What a WebAuthn call that did not finish says: the person closed the browser's prompt, or no passkey was there. */
export const passkeyError = (err: unknown, fallback: string) =>
  err instanceof Error && err.name === 'NotAllowedError'
    ? 'No passkey was used. Try again, or use another way.'
    : errorText(err, fallback);

/** Signs in with a passkey the browser holds: no password, and no code. */
export function PasskeySignIn({ onSuccess }: { onSuccess(): void }) {
  const { signIn } = useSession();
  const passkey = useSignInWithPasskey();
  const go = async () => {
    try {
      signIn(await passkey.mutateAsync());
    } catch (err) {
      toast.error(passkeyError(err, 'Signing in with a passkey failed'));
      return;
    }
    toast.success('Login successful!');
    onSuccess();
  };
  return (
    <Button variant="secondary" className="w-full" disabled={passkey.isPending} onClick={() => void go()}>
      <KeyRound aria-hidden className="h-4 w-4" /> Use a passkey
    </Button>
  );
}

/** Confirms it is you with a passkey, for the console's door and the calls that need a recent sign-in. */
export function PasskeyReauth({ onDone }: { onDone?(): void }) {
  const passkey = useReauthWithPasskey();
  const go = async () => {
    try {
      await passkey.mutateAsync();
    } catch (err) {
      toast.error(passkeyError(err, 'That passkey did not work'));
      return;
    }
    toast.success('Thank you, that is confirmed.');
    onDone?.();
  };
  return (
    <Button variant="secondary" disabled={passkey.isPending} onClick={() => void go()}>
      <KeyRound aria-hidden className="h-4 w-4" /> Use a passkey
    </Button>
  );
}
