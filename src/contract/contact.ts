import { z } from 'zod';
import { emailField, pathId, plainText } from './common';

export const contactBody = z.strictObject({
  name: plainText('Name', 100),
  email: emailField,
  subject: plainText('Subject', 200),
  message: plainText('Message', 5000),
});
export type ContactBody = z.input<typeof contactBody>;

/** A message in the admins' inbox. */
export const contactMessage = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  handled: z.boolean(),
});
export type ContactMessage = z.infer<typeof contactMessage>;
export const contactMessagesResponse = z.object({ messages: z.array(contactMessage) });
export const contactMessageResponse = z.object({ message: contactMessage });

export const contactMessageParams = z.object({ id: pathId('Message not found') });
export const markHandledBody = z.strictObject({
  handled: z.boolean({ error: 'handled must be true or false' }),
});
