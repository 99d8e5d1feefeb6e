import { STAFF_PERMISSIONS, type StaffRole } from '../../../../contract/staff';

/** What a role may do, from the permission table the server checks. */
export const permissionsOf = (role: StaffRole) =>
  Object.entries(STAFF_PERMISSIONS)
    .filter(([, roles]) => (roles as readonly StaffRole[]).includes(role))
    .map(([permission]) => permission)
    .join(', ');
