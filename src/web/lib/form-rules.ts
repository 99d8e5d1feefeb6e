import { PASSWORD_MIN } from '../../contract/constants';

/** react-hook-form rules the forms share, with the same words the server uses. */
export const requiredText = (label: string) => ({
  required: `${label} is required`,
  validate: (value: string) => value.trim() !== '' || `${label} is required`,
});

export const emailRules = {
  ...requiredText('Email'),
  pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Enter a valid email address' },
};

/** A password being chosen (sign-up, reset, change): the server's minimum, in its words. */
export const newPasswordRules = {
  required: 'Password is required',
  minLength: { value: PASSWORD_MIN, message: `Password must be at least ${PASSWORD_MIN} characters` },
};
