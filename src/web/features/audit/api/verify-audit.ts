import { useMutation } from '@tanstack/react-query';
import type { AuditVerify } from '../../../../contract/audit';
import { api } from '../../../lib/api-client';

/** Recomputes the log's hash chain from its first row. */
export const verifyAudit = () => api<AuditVerify>('/admin/audit/verify');

// A check, not a change: nothing on screen needs fetching again after it.
export const useVerifyAudit = () =>
  useMutation({ mutationFn: verifyAudit, meta: { changedNothing: () => true } });
