import { z } from 'zod';
import { emailField, plainText } from './common';

export const contactBody = z.strictObject({
  name: plainText('Name', 100),
  email: emailField,
  subject: plainText('Subject', 200),
  message: plainText('Message', 5000),
});
export type ContactBody = z.input<typeof contactBody>;
