import { useId, useState } from 'react';
import type { StaffRole } from '../../../../contract/staff';
import { STAFF_INVITATION_DAYS } from '../../../../contract/staff-invitations';
import { RECENT_SIGN_IN_MINUTES } from '../../../../contract/two-factor';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { permissionsOf } from './permissions-of';

/** A change to the staff, as the owner is asked to confirm it: who, and from which role to which. */
export type StaffChange =
  | { kind: 'add'; email: string; role: StaffRole }
  | { kind: 'change'; username: string; from: StaffRole; role: StaffRole }
  | { kind: 'remove'; username: string; from: StaffRole };

function wording(change: StaffChange) {
  switch (change.kind) {
    case 'add':
      return {
        title: `Add ${change.email} as ${change.role}?`,
        effect: `If an account uses this address, it becomes ${change.role} at once and is signed out everywhere. If none does, an invitation is emailed, good for ${STAFF_INVITATION_DAYS} days.`,
        confirm: `Add as ${change.role}`,
      };
    case 'change':
      return {
        title: `Make ${change.username} ${change.role}?`,
        effect: `${change.username} is ${change.from} now. As ${change.role} they may: ${permissionsOf(change.role)}.`,
        confirm: `Make ${change.role}`,
      };
    case 'remove':
      return {
        title: `Remove ${change.username} from the staff?`,
        effect: `${change.username} is ${change.from} now. They become a member again, and the admin console closes to them.`,
        confirm: 'Remove from staff',
      };
  }
}

/**
 * Asks the owner to confirm a role change, naming the person and the change, before it is sent
 * (DESIGN §16); the server may then ask for a fresh code (the console's re-authentication dialog).
 */
export function ConfirmStaffChange({
  change,
  send,
  onClose,
}: {
  change: StaffChange;
  /** Sends the change; answers what the toast says it did. */
  send(): Promise<string>;
  onClose(): void;
}) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const { title, effect, confirm } = wording(change);
  const go = async () => {
    setBusy(true);
    try {
      toast.success(await send());
    } catch (err) {
      toast.error(errorText(err, 'Failed to change the staff'));
    }
    onClose();
  };
  return (
    <Modal labelledBy={titleId} onClose={onClose} canClose={!busy} className="max-w-md">
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-3 text-sm text-slate-700">{effect}</p>
      <p className="mt-3 text-sm text-slate-600">
        Roles need a code from your authenticator app from the last {RECENT_SIGN_IN_MINUTES} minutes: you may
        be asked for one.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant={change.kind === 'remove' ? 'danger' : 'primary'} disabled={busy} onClick={go}>
          {busy ? 'Saving...' : confirm}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
