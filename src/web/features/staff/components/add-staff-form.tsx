import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addStaffBody, STAFF_ROLES } from '../../../../contract/staff';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useSetStaffRole } from '../api/set-staff-role';
import { ConfirmStaffChange } from './confirm-staff-change';

type AddStaff = z.output<typeof addStaffBody>;

/** Adding staff: an account with the address is given the role, any other address is invited. */
export function AddStaffForm() {
  const setRole = useSetStaffRole();
  const [confirming, setConfirming] = useState<AddStaff>();
  const { register, handleSubmit, formState, reset } = useForm<
    z.input<typeof addStaffBody>,
    unknown,
    AddStaff
  >({
    resolver: zodResolver(addStaffBody),
    defaultValues: { email: '', role: 'support' },
  });
  const send = async (values: AddStaff) => {
    const result = await setRole.mutateAsync(values);
    reset();
    if ('invitation' in result) return `Invitation sent to ${result.invitation.email}`;
    return result.staff ? `${result.staff.username} is now ${result.staff.role}` : 'Role changed';
  };
  return (
    <Card className="p-6">
      <h3 className="text-lg font-bold">Add staff</h3>
      <p className="mt-1 text-sm text-slate-600">
        An account with this email becomes staff at once; anyone else is emailed an invitation.
      </p>
      <form onSubmit={handleSubmit(setConfirming)} noValidate className="mt-4 space-y-3">
        <TextField
          label="Their email"
          type="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <SelectField label="Role" error={formState.errors.role?.message} {...register('role')}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={setRole.isPending}>
          Add staff member
        </Button>
      </form>
      {confirming && (
        <ConfirmStaffChange
          change={{ kind: 'add', ...confirming }}
          send={() => send(confirming)}
          onClose={() => setConfirming(undefined)}
        />
      )}
    </Card>
  );
}
