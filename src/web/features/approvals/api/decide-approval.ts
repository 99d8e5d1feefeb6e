import { useMutation } from '@tanstack/react-query';
import { approvalsApi } from '../../../../contract/approvals';
import { call } from '../../../lib/call';

/** Approves (the change is made then) or rejects with a reason. */
export const useDecideApproval = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      reason === undefined
        ? call(approvalsApi.approve, { params: { id } })
        : call(approvalsApi.reject, { params: { id }, body: { reason } }),
  });
