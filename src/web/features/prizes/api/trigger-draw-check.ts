import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Runs the hourly draw check now. */
export const triggerDrawCheck = () =>
  api<{ message: string }>('/admin/trigger-draw-check', { method: 'POST' });

export const useTriggerDrawCheck = () => useMutation({ mutationFn: triggerDrawCheck });
