import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { TotpSetup as Setup } from '../../../../contract/two-factor';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';
import { useConfirmTotp } from '../api/confirm-totp';
import { useSetUpTotp } from '../api/set-up-totp';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';

/** The secret in groups of four, as it is easier to type into an app that cannot scan. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 200 }).then((data) => live && setSrc(data));
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <img src={src} width={200} height={200} alt="QR code to scan with your authenticator app" />
  ) : (
    <div className="h-[200px] w-[200px] animate-pulse rounded-lg bg-slate-100" />
  );
}

/**
 * The first step: the account's password again, so a borrowed session cannot set up its own app
 * (DESIGN §16); an account without one (Google, Apple) just starts.
 */
function StartSetup({ onStarted }: { onStarted(setup: Setup): void }) {
  const start = useSetUpTotp();
  const { user } = useSession();
  const askPassword = Boolean(user?.hasPassword);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (askPassword && !password) return setMissing(true);
    start.mutate(askPassword ? { password } : {}, { onSuccess: onStarted });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {askPassword && (
        <TextField
          label="Password, to set up two-step verification"
          type="password"
          autoComplete="current-password"
          value={password}
          error={missing ? 'Enter your password' : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setMissing(false);
          }}
        />
      )}
      <Button type="submit" disabled={start.isPending}>
        {start.isPending ? 'Starting...' : 'Set up an authenticator app'}
      </Button>
      {start.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(start.error, 'Could not start setting up two-step verification. Please try again.')}
        </p>
      )}
    </form>
  );
}

/**
 * Setting up an authenticator app: the password again, then scan the QR code
 * (or type the secret), confirm with a code from it, then keep the recovery
 * codes. `onDone` once the codes are saved.
 */
export function TotpSetup({ onDone }: { onDone(): void }) {
  const confirm = useConfirmTotp();
  const [setup, setSetup] = useState<Setup>();
  const [codes, setCodes] = useState<string[]>();

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!setup) return <StartSetup onStarted={setSetup} />;
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).
        </li>
        <li>Scan this QR code, or add an account with the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <QrCode url={setup.otpauthUrl} />
        <div>
          <p className="text-sm font-medium text-slate-800">Key</p>
          <p className="break-all font-mono text-sm text-slate-900" data-testid="totp-secret">
            {grouped(setup.secret)}
          </p>
        </div>
      </div>
      <CodeForm
        recovery={false}
        send={(code) => confirm.mutateAsync({ code })}
        success="Two-step verification is on"
        error="That code did not work"
        then={(result) => setCodes(result.recoveryCodes)}
        submitLabel="Turn on"
        busyLabel="Checking..."
      />
    </div>
  );
}
