import { useMutation } from '@tanstack/react-query';
import { membersApi } from '../../../../contract/members-api';
import { riskApi } from '../../../../contract/risk';
import { call } from '../../../lib/call';

/** Working the review queue: one member cleared, held or suspended from their row, or several at once. */
export const useClearMember = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call(riskApi.clear, { params: { userId: id }, body: { note: reason } }).then(() => ({
        message: 'Member cleared',
      })),
  });

export const useHoldFromQueue = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call(membersApi.holdCashouts, { params: { id }, body: { reason } }),
  });

export const useSuspendFromQueue = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      call(membersApi.suspend, { params: { id }, body: { reason } }),
  });

export const useClearMany = () =>
  useMutation({
    mutationFn: (body: { userIds: string[]; note: string }) => call(riskApi.clearMany, { body }),
  });

export const useHoldMany = () =>
  useMutation({
    mutationFn: (body: { userIds: string[]; reason: string }) => call(riskApi.holdMany, { body }),
  });
