import { useState } from 'react';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '../../../../contract/staff';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { useStaff } from '../api/get-staff';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { useSetStaffRole } from '../api/set-staff-role';
import { AddStaffForm } from './add-staff-form';
import { ConfirmStaffChange, type StaffChange } from './confirm-staff-change';
import { InvitationsList } from './invitations-list';
import { permissionsOf } from './permissions-of';

/** A role change waiting for the owner's confirmation: the change, and whose. */
type Pending = { id: string; change: Extract<StaffChange, { kind: 'change' | 'remove' }> };

/**
 * The Staff tab, for the owner: who has which role, changing or taking one away (each confirmed first),
 * adding staff, and the invitations waiting.
 */
export function StaffManager() {
  const staff = useStaff();
  const setRole = useSetStaffRole();
  const resetTwoFactor = useResetTwoFactor();
  /** The staff member whose two-step verification the owner is about to reset. */
  const [resetting, setResetting] = useState<string>();
  const [pending, setPending] = useState<Pending>();
  const { user } = useSession();

  const ask = (s: StaffMember, role: StaffRole | null) =>
    setPending({
      id: s._id,
      change: role
        ? { kind: 'change', username: s.username, from: s.role, role }
        : { kind: 'remove', username: s.username, from: s.role },
    });
  const send = async ({ id, change }: Pending) => {
    const role = change.kind === 'change' ? change.role : null;
    await setRole.mutateAsync({ id, role });
    return role ? `${change.username} is now ${role}` : `${change.username} is no longer staff`;
  };

  const reset2fa = async (id: string, username: string) => {
    try {
      await resetTwoFactor.mutateAsync(id);
      toast.success(`${username} will set up two-step verification at their next sign-in`);
    } catch (err) {
      toast.error(errorText(err, 'Failed to reset two-step verification'));
    }
    setResetting(undefined);
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="p-6 lg:col-span-2">
        <h2 className="text-lg font-bold">Staff</h2>
        <p className="mt-1 text-sm text-slate-600">
          Each role may do only what it needs. Staff never play: they cannot enter, earn or spin.
        </p>
        {staff.isPending ? (
          <Spinner label="Loading the staff..." />
        ) : staff.isError ? (
          <LoadError what="The staff" className="mt-4 text-sm" />
        ) : (
          <ul className="mt-4 divide-y divide-slate-200" aria-label="Staff members">
            {staff.data.staff.map((s) => (
              <li key={s._id} className="flex flex-wrap items-end justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{s.username}</p>
                  <p className="break-all text-sm text-slate-600">{s.email}</p>
                  <p className="text-xs text-slate-600">May: {permissionsOf(s.role)}</p>
                  <p className="text-xs text-slate-600">
                    Two-step verification: {s.twoFactor ? 'on' : 'not set up yet'}
                  </p>
                  {resetting === s._id && (
                    <div className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                      <p>
                        Reset {s.username}’s two-step verification? Their sessions end, and they set it up
                        again when they next sign in.
                      </p>
                      <div className="mt-2 flex gap-2">
                        <Button
                          size="sm"
                          variant="danger"
                          disabled={resetTwoFactor.isPending}
                          onClick={() => reset2fa(s._id, s.username)}
                        >
                          Reset
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setResetting(undefined)}>
                          Cancel
                        </Button>
                      </div>
                    </div>
                  )}
                </div>
                {s._id === user?._id ? (
                  <p className="text-sm text-slate-600">{s.role} (you)</p>
                ) : (
                  <div className="flex flex-wrap items-end gap-2">
                    <SelectField
                      label={`Role of ${s.username}`}
                      value={s.role}
                      disabled={setRole.isPending}
                      onChange={(e) => ask(s, e.target.value as StaffRole)}
                    >
                      {STAFF_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </SelectField>
                    <Button variant="secondary" disabled={setRole.isPending} onClick={() => ask(s, null)}>
                      Remove
                    </Button>
                    {s.twoFactor && (
                      <Button variant="secondary" onClick={() => setResetting(s._id)}>
                        Reset two-step
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="space-y-6">
        <AddStaffForm />
        <InvitationsList />
      </div>
      {pending && (
        <ConfirmStaffChange
          change={pending.change}
          send={() => send(pending)}
          onClose={() => setPending(undefined)}
        />
      )}
    </div>
  );
}
