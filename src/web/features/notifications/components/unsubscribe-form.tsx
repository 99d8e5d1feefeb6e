import { CircleCheck, CircleX, MailX } from 'lucide-react';
import { TOPIC_LABELS, unsubscribeTokenParts } from '../../../../contract/notifications';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * An email's "stop these emails" link, signed out or in. It asks before it
 * changes anything: mail systems open links to check them, and must not
 * unsubscribe anyone by doing so.
 */
export function UnsubscribeForm({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribe();
  const topic = token ? unsubscribeTokenParts(token)?.topic : undefined;
  if (!token || !topic)
    return (
      <Outcome ok={false} text="This unsubscribe link cannot work">
        It may have been cut short when it was copied. Open it from the email again, or choose what we send
        you in your account.
      </Outcome>
    );
  if (unsubscribe.isSuccess)
    return (
      <Outcome ok text={unsubscribe.data.message}>
        It can take a few minutes for emails already on their way to stop.
      </Outcome>
    );
  if (unsubscribe.isError)
    return isBadLink(unsubscribe.error) ? (
      <Outcome ok={false} text="This unsubscribe link cannot work">
        It is not one we sent, or it was changed. Choose what we send you in your account instead.
      </Outcome>
    ) : (
      <Outcome ok={false} text={errorText(unsubscribe.error, 'We could not unsubscribe you just now')}>
        Try the link again in a few minutes, or choose what we send you in your account.
      </Outcome>
    );
  return (
    <div className="text-center">
      <MailX aria-hidden className="mx-auto h-12 w-12 text-brand-700" />
      <p className="mt-3 text-slate-700">
        Stop “{TOPIC_LABELS[topic].label}” emails? Other emails are not affected.
      </p>
      <Button
        className="mt-6 w-full"
        onClick={() => unsubscribe.mutate(token)}
        disabled={unsubscribe.isPending}
      >
        {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </div>
  );
}

/** The server's answer that the link itself is wrong (400), as opposed to a moment's failure. */
const isBadLink = (err: unknown) => err instanceof ApiError && err.status === 400;

function Outcome({ ok, text, children }: { ok: boolean; text: string; children: React.ReactNode }) {
  return (
    <div className="text-center" role="status">
      {ok ? (
        <CircleCheck aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
      ) : (
        <CircleX aria-hidden className="mx-auto h-12 w-12 text-red-600" />
      )}
      <p className="mt-3 font-semibold text-slate-900">{text}</p>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
      <ButtonLink to={paths.emailChoices} variant="secondary" className="mt-6">
        Choose what we send you
      </ButtonLink>
    </div>
  );
}
