import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { testEmailBody } from '../../../../contract/admin';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { toast } from '../../../lib/toast';
import { useMailHealth } from '../api/get-mail-health';
import { useSendTestEmail } from '../api/send-test-email';

type TestEmailBody = z.infer<typeof testEmailBody>;

/** Settings: send a test message to check that outgoing email works. */
export function TestEmailCard() {
  const sendTestEmail = useSendTestEmail();
  const health = useMailHealth();
  const { register, handleSubmit, formState, getValues } = useForm<TestEmailBody>({
    resolver: zodResolver(testEmailBody),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(
    submitWithToast(({ email }: TestEmailBody) => sendTestEmail.mutateAsync(email), {
      // SPEC's words when it goes out; without SMTP_URL, the server's: it is only in the outbox.
      success: (r) => (health.data?.configured === false ? r.message : 'Test email sent successfully!'),
      error: 'Failed to send test email',
    }),
    // SPEC's words for an empty address; any other mistake is named beside the field.
    () => {
      if (!getValues('email').trim()) toast.error('Please enter an email address');
    },
  );

  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold">Test email</h2>
      <p className="mt-1 text-sm text-slate-600">Send a test message to check that outgoing email works.</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-3">
        <TextField
          label="Email address"
          type="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" disabled={sendTestEmail.isPending}>
          {sendTestEmail.isPending ? 'Sending...' : 'Send test email'}
        </Button>
      </form>
    </Card>
  );
}
