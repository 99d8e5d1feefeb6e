import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { onReauthRequired } from '../../../lib/api-client';
import { useTwoFactor } from '../api/get-two-factor';
import { useReauthenticate } from '../api/reauthenticate';
import { CodeForm } from './code-form';
import { PasskeyReauth } from './passkey-sign-in';

/**
 * Asks for a fresh code when a dangerous call (a correction, the odds, a role,
 * a payout) answers `reauth_required`; the call is then sent again, or stays
 * refused if the dialog is closed.
 */
export function ReauthDialog() {
  const reauth = useReauthenticate();
  const status = useTwoFactor();
  const [waiting, setWaiting] = useState<(confirmed: boolean) => void>();
  useEffect(() => onReauthRequired(() => new Promise<boolean>((resolve) => setWaiting(() => resolve))), []);
  if (!waiting) return null;
  const close = (confirmed: boolean) => {
    waiting(confirmed);
    setWaiting(undefined);
  };
  return (
    <Modal labelledBy="reauth-title" onClose={() => close(false)} className="max-w-md">
      <h2 id="reauth-title" className="text-lg font-bold text-slate-900">
        Confirm it is you
      </h2>
      <p className="mt-2 mb-4 text-sm text-slate-700">
        This needs a recent sign-in. Enter a code from your authenticator app, or use a passkey, to go on.
      </p>
      {status.data?.totp !== false && (
        <CodeForm
          autoFocus
          send={(code) => reauth.mutateAsync({ code })}
          success="Thank you, that is confirmed."
          error="That code did not work"
          then={() => close(true)}
          submitLabel="Confirm"
          busyLabel="Checking..."
        />
      )}
      <div className="mt-3 flex flex-wrap justify-between gap-3">
        {status.data?.passkeys.length ? <PasskeyReauth onDone={() => close(true)} /> : <span />}
        <Button variant="ghost" onClick={() => close(false)}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
