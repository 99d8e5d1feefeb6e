import { useMutation } from '@tanstack/react-query';
import type { CompleteTaskResponse } from '../../../../contract/tasks';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session';

export const completeTask = ({ id, ticket }: { id: string; ticket?: string }) =>
  api<CompleteTaskResponse>(`/tasks/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    body: ticket ? { ticket } : {},
  });

/** Completes a task and moves the navbar's count at once; the views refresh after every change (providers.tsx). */
export function useCompleteTask() {
  const { patchUser } = useSession();
  return useMutation({
    mutationFn: completeTask,
    onSuccess: (result) =>
      patchUser({ availableEntries: result.availableEntries, totalEntries: result.totalEntries }),
  });
}
