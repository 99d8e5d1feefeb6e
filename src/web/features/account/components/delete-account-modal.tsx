import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type DeleteAccountBody, deleteAccountBody } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useDeleteAccount } from '../api/delete-account';
import { useSignOutHere } from '../sign-out-here';

const [byPassword, byWord] = deleteAccountBody.options;
/** The body's two ways to confirm; the word is taken however it was spaced. */
const confirmations = {
  password: byPassword,
  word: z.strictObject({ confirm: z.string().trim().pipe(byWord.shape.confirm) }),
};
type Values = { password?: string; confirm?: string };

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
  } = useForm<Values, unknown, DeleteAccountBody>({
    resolver: zodResolver<Values, unknown, DeleteAccountBody>(
      hasPassword ? confirmations.password : confirmations.word,
    ),
  });
  const submit = handleSubmit(
    submitWithToast(
      (body: DeleteAccountBody) => remove.mutateAsync(body),
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
            error={errors.password?.message}
            {...register('password')}
          />
        ) : (
          <TextField
            label="Type DELETE to confirm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.confirm?.message}
            {...register('confirm')}
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
