import { z } from 'zod';
import { emailField } from './common';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactBody = z.strictObject({
  name: required('Name', 100),
  email: emailField,
  subject: required('Subject', 200),
  message: required('Message', 5000),
});
export type ContactBody = z.input<typeof contactBody>;
