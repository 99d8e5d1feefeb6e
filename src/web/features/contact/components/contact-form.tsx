import { useForm } from 'react-hook-form';
import type { ContactBody } from '../../../../contract/contact';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { emailRules, requiredText } from '../../../lib/form-rules';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useSendMessage } from '../api/send-message';

export function ContactForm() {
  const send = useSendMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactBody>();

  const submit = handleSubmit(
    submitWithToast(
      send.mutateAsync,
      {
        success: "Message sent! We'll get back to you soon.",
        error: 'We could not send your message. Please try again.',
      },
      () => reset(),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register('name', requiredText('Name'))}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email', emailRules)}
        />
      </div>
      <TextField
        label="Subject"
        required
        error={errors.subject?.message}
        {...register('subject', requiredText('Subject'))}
      />
      <TextAreaField
        label="Message"
        required
        maxLength={5000}
        error={errors.message?.message}
        {...register('message', requiredText('Message'))}
      />
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
