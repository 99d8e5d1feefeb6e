import { useMutation } from '@tanstack/react-query';
import type { StartTaskResponse } from '../../../../contract/tasks';
import { api } from '../../../lib/api-client';

/** Starts a video ad: the server's ticket, claimable once the video has played to the end. */
export const startVideo = (id: string) =>
  api<StartTaskResponse>(`/tasks/${encodeURIComponent(id)}/start`, { method: 'POST' });

export const useStartVideo = () => useMutation({ mutationFn: startVideo });
