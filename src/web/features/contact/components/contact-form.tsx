import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { type ContactBody, contactBody } from '../../../../contract/contact';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useSession } from '../../../lib/session/session';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useSendMessage } from '../api/send-message';

export function ContactForm() {
  const send = useSendMessage();
  // A member writes from their account's address, so the message and its replies reach My messages, and
  // under their name, which nobody should have to type twice.
  const { user } = useSession();
  const blank = { name: user?.username ?? '', email: user?.email ?? '', subject: '', message: '' };
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ContactBody>({
    resolver: zodResolver(contactBody),
    defaultValues: blank,
  });
  // The session may arrive after the form: empty name and address fields then take the member's.
  useEffect(() => {
    if (user?.email && !getValues('email')) setValue('email', user.email);
    if (user?.username && !getValues('name')) setValue('name', user.username);
  }, [user?.email, user?.username, getValues, setValue]);

  const submit = handleSubmit(
    submitWithToast(
      send.mutateAsync,
      {
        success: "Message sent! We'll get back to you soon.",
        error: 'We could not send your message. Please try again.',
      },
      () => reset(blank),
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
