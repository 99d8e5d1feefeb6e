import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { useSendTestEmail, useTriggerDrawCheck } from '../api/admin';
import { Outbox } from './outbox';

export function AdminSettings() {
  const [email, setEmail] = useState('');
  const sendTestEmail = useSendTestEmail();
  const triggerDrawCheck = useTriggerDrawCheck();

  async function submitTestEmail(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      toast.error('Please enter an email address');
      return;
    }
    try {
      await sendTestEmail.mutateAsync(email.trim());
      toast.success('Test email sent successfully!');
    } catch (err) {
      toast.error(errorText(err, 'Failed to send test email'));
    }
  }

  async function runDrawCheck() {
    try {
      toast.success((await triggerDrawCheck.mutateAsync(undefined)).message);
    } catch (err) {
      toast.error(errorText(err, 'Failed to trigger draw check'));
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card className="p-6">
        <h3 className="text-lg font-bold">Test email</h3>
        <p className="mt-1 text-sm text-slate-600">Send a test message to check that outgoing email works.</p>
        <form onSubmit={submitTestEmail} noValidate className="mt-4 space-y-3">
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
      <Card className="p-6">
        <h3 className="text-lg font-bold">Draw check</h3>
        <p className="mt-1 text-sm text-slate-600">
          Runs the hourly check now: closes prizes past their end date and, on their draw day from 8:00 PM UK
          time, draws the ones that are ready.
        </p>
        <Button
          className="mt-4"
          variant="secondary"
          onClick={runDrawCheck}
          disabled={triggerDrawCheck.isPending}
        >
          Trigger draw check
        </Button>
      </Card>
      <Outbox />
    </div>
  );
}
