import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN } from '../../contract/constants';
import { TextField } from './ui/field';

/** A new account's password, typed twice, as signing up and joining the staff ask for it. */
export function NewPasswordFields({
  password,
  confirm,
  errors,
}: {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder={`min ${PASSWORD_MIN} characters`}
        required
        minLength={PASSWORD_MIN}
        error={errors.password}
        {...password}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
        {...confirm}
      />
    </>
  );
}
