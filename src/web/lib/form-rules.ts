/** react-hook-form rules the forms share, with the same words the server uses. */
export const requiredText = (label: string) => ({
  required: `${label} is required`,
  validate: (value: string) => value.trim() !== '' || `${label} is required`,
});

export const emailRules = {
  ...requiredText('Email'),
  pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'Enter a valid email address' },
};
