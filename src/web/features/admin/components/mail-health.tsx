import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { ukDateTime } from '../../../lib/format';
import { useMailHealth } from '../api/get-mail-health';

const NOT_SENT = 'Mail is not being sent: SMTP_URL is not set, so every email stays in the outbox.';

/** Across the console, for staff who look after the site's mail: a warning while none can go out. */
export function MailBanner({ enabled }: { enabled: boolean }) {
  const health = useMailHealth({ enabled });
  if (!health.data || health.data.configured) return null;
  return (
    <p
      role="alert"
      className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {NOT_SENT}
    </p>
  );
}

/** Settings: whether mail is configured and being delivered (DESIGN §12). */
export function MailHealthCard() {
  const health = useMailHealth();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold">Mail</h2>
      {health.isPending ? (
        <Spinner label="Loading the mail’s health..." />
      ) : health.isError ? (
        <LoadError what="The mail’s health" className="mt-4 text-sm" />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {health.data.configured ? 'Mail goes out over SMTP.' : NOT_SENT}
          </p>
          <dl
            className="mt-4 grid grid-cols-3 gap-3 text-center"
            aria-label="Mail queued in the last 24 hours"
          >
            {(
              [
                ['Waiting', health.data.last24h.waiting],
                ['Sent', health.data.last24h.sent],
                ['Failed', health.data.last24h.failed],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{label}, last 24 h</dt>
                <dd className="text-xl font-bold text-slate-900">{n.toLocaleString('en-GB')}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-slate-700">
            {health.data.lastError
              ? `Last error, ${ukDateTime(health.data.lastError.at)} (${health.data.lastError.subject}): ${health.data.lastError.message}`
              : 'No email has failed to send.'}
          </p>
        </>
      )}
    </Card>
  );
}
