import { useState } from 'react';
import type { TwoFactorStatus } from '../../../../contract/two-factor';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useTwoFactor } from '../api/get-two-factor';
import { useRemoveTotp } from '../api/remove-totp';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { CodeForm } from './code-form';
import { PasskeySettings } from './passkey-settings';
import { ReauthDialog } from './reauth-dialog';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';

type Step = 'idle' | 'renew' | 'off';

/**
 * Two-step verification on the account page: the authenticator app (set it up, renew the recovery codes,
 * or, for members, turn it off) and passkeys.
 */
export function TwoFactorSettings() {
  const status = useTwoFactor();
  if (status.isPending) return <Spinner />;
  if (status.isError) return <LoadError what="Two-step verification" />;
  return (
    <>
      <AuthenticatorSettings status={status.data} onChange={() => void status.refetch()} />
      <PasskeySettings passkeys={status.data.passkeys} onChange={() => void status.refetch()} />
      <ReauthDialog />
    </>
  );
}

function AuthenticatorSettings({ status, onChange }: { status: TwoFactorStatus; onChange(): void }) {
  const renew = useRenewRecoveryCodes();
  const remove = useRemoveTotp();
  const [step, setStep] = useState<Step>('idle');
  const [codes, setCodes] = useState<string[]>();

  const { totp, recoveryCodesLeft, required } = status;

  if (!totp)
    return (
      <div className="space-y-4 p-5">
        <p className="text-sm text-slate-700">
          {required
            ? 'Staff accounts need two-step verification: signing in asks for a code from an app on your phone as well as your password.'
            : 'Add a second step to signing in: a code from an authenticator app on your phone, as well as your password.'}
        </p>
        <TotpSetup onDone={onChange} />
      </div>
    );
  if (codes)
    return (
      <div className="p-5">
        <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
      </div>
    );
  return (
    <div className="space-y-4 p-5">
      <p className="text-sm text-slate-700">
        <strong className="text-emerald-800">On.</strong> Signing in asks for a code from your authenticator
        app. You have {recoveryCodesLeft} recovery {recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
      </p>
      {step === 'idle' && (
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setStep('renew')}>
            New recovery codes
          </Button>
          {!required && (
            <Button variant="secondary" onClick={() => setStep('off')}>
              Turn off
            </Button>
          )}
        </div>
      )}
      {step === 'renew' && (
        <CodeForm
          autoFocus
          send={(code) => renew.mutateAsync({ code })}
          success="Your new recovery codes are ready"
          error="That code did not work"
          then={(result) => {
            setStep('idle');
            setCodes(result.recoveryCodes);
          }}
          submitLabel="Make new codes"
          busyLabel="Checking..."
        />
      )}
      {step === 'off' && (
        <CodeForm
          autoFocus
          send={(code) => remove.mutateAsync({ code })}
          success={(result) => result.message}
          error="That code did not work"
          then={() => {
            setStep('idle');
            onChange();
          }}
          submitLabel="Turn off two-step verification"
          busyLabel="Checking..."
        />
      )}
      {step !== 'idle' && (
        <button
          type="button"
          onClick={() => setStep('idle')}
          className="text-sm font-medium text-brand-700 underline"
        >
          Cancel
        </button>
      )}
    </div>
  );
}
