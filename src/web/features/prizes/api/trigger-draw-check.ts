import { useMutation } from '@tanstack/react-query';
import { drawsApi } from '../../../../contract/draws';
import { call } from '../../../lib/call';

/** Runs the hourly draw check now. */
export const triggerDrawCheck = () => call(drawsApi.check);

export const useTriggerDrawCheck = () => useMutation({ mutationFn: triggerDrawCheck });
