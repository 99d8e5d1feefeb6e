import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ContactBody, contactBody } from '../../../../contract/contact';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useSendMessage } from '../api/send-message';

export function ContactForm() {
  const send = useSendMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactBody>({ resolver: zodResolver(contactBody) });

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
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField label="Subject" required error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" required error={errors.message?.message} {...register('message')} />
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
