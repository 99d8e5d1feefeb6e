import { useMutation } from '@tanstack/react-query';
import { tasksApi } from '../../../../contract/tasks';
import { call } from '../../../lib/call';

/** Starts a video ad: the server's ticket, claimable once the video has played to the end. */
export const startVideo = (id: string) => call(tasksApi.start, { params: { id } });

export const useStartVideo = () => useMutation({ mutationFn: startVideo });
