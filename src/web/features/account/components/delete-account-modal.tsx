import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useDeleteAccount } from '../api/delete-account';
import { useSignOutHere } from '../sign-out-here';

interface Values {
  confirmation: string;
}

/**
 * The last word before erasure: the password, or for an account that has none
 * (Google or Apple only) the word DELETE typed out.
 */
export function DeleteAccountModal({ hasPassword, onClose }: { hasPassword: boolean; onClose(): void }) {
  const titleId = useId();
  const remove = useDeleteAccount();
  const signOutHere = useSignOutHere();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>();
  const submit = handleSubmit(
    submitWithToast(
      ({ confirmation }: Values) =>
        remove.mutateAsync(hasPassword ? { password: confirmation } : { confirm: 'DELETE' }),
      { success: (r) => r.message, error: 'Failed to delete your account' },
      () => void signOutHere(),
    ),
  );
  return (
    <Modal labelledBy={titleId} onClose={onClose} canClose={!isSubmitting} className="max-w-md">
      <h2 id={titleId} className="text-lg font-bold">
        Delete your account?
      </h2>
      <p className="mt-3 text-sm text-slate-700">
        Your personal data is erased and you are signed out everywhere. This cannot be undone.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {hasPassword ? (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={errors.confirmation?.message}
            {...register('confirmation', { required: 'Password is required' })}
          />
        ) : (
          <TextField
            label="Type DELETE to confirm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.confirmation?.message}
            {...register('confirmation', {
              validate: (v) => v.trim() === 'DELETE' || 'Type DELETE to confirm',
            })}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={isSubmitting}>
            {isSubmitting ? 'Deleting...' : 'Delete my account'}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
