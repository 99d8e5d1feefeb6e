import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Container, PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useTwoFactor } from '../api/get-two-factor';
import { useReauthenticate } from '../api/reauthenticate';
import { CodeForm } from './code-form';
import { PasskeySettings } from './passkey-settings';
import { PasskeyReauth } from './passkey-sign-in';
import { ReauthDialog } from './reauth-dialog';
import { TotpSetup } from './totp-setup';

/**
 * The console opens only to a session that has given a second factor (the
 * server refuses every admin call otherwise, DESIGN §12): staff who have not
 * set one up do so here, and a session from before gives a code. Inside, a
 * call that needs a recent code asks for one (ReauthDialog).
 */
export function RequireSecondFactor({ children }: { children: ReactNode }) {
  const status = useTwoFactor();
  const reauth = useReauthenticate();
  if (status.isPending) return <Spinner />;
  if (status.isError) return <LoadError what="Your sign-in" />;
  if (status.data.secondFactorAt)
    return (
      <>
        {children}
        <ReauthDialog />
      </>
    );
  const enrolled = status.data.totp || status.data.passkeys.length > 0;
  return (
    <>
      <PageHeader
        title={enrolled ? 'Confirm it is you' : 'Set up two-step verification'}
        subtitle={
          enrolled
            ? 'Enter a code from your authenticator app, or use a passkey, to open the admin console.'
            : 'Staff accounts need a second step to sign in. Set it up once and the admin console opens.'
        }
      />
      <Container>
        <Card className="mx-auto max-w-xl p-6">
          {enrolled ? (
            <div className="space-y-4">
              {status.data.totp && (
                <CodeForm
                  autoFocus
                  send={(code) => reauth.mutateAsync({ code })}
                  success="Thank you, that is confirmed."
                  error="That code did not work"
                  submitLabel="Continue"
                  busyLabel="Checking..."
                />
              )}
              {status.data.passkeys.length > 0 && <PasskeyReauth onDone={() => void status.refetch()} />}
            </div>
          ) : (
            <TotpSetup onDone={() => status.refetch()} />
          )}
        </Card>
        {!enrolled && (
          <Card className="mx-auto mt-4 max-w-xl">
            <PasskeySettings passkeys={[]} onChange={() => void status.refetch()} />
          </Card>
        )}
      </Container>
    </>
  );
}
