import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useSendTestEmail } from '../api/send-test-email';

/** Settings: send a test message to check that outgoing email works. */
export function TestEmailCard() {
  const [email, setEmail] = useState('');
  const sendTestEmail = useSendTestEmail();
  const send = submitWithToast(sendTestEmail.mutateAsync, {
    success: 'Test email sent successfully!',
    error: 'Failed to send test email',
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      toast.error('Please enter an email address');
      return;
    }
    void send(email.trim());
  }

  return (
    <Card className="p-6">
      <h3 className="text-lg font-bold">Test email</h3>
      <p className="mt-1 text-sm text-slate-600">Send a test message to check that outgoing email works.</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-3">
        <TextField
          label="Email address"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={sendTestEmail.isPending}>
          {sendTestEmail.isPending ? 'Sending...' : 'Send test email'}
        </Button>
      </form>
    </Card>
  );
}
