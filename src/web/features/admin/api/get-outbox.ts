import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMail } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';

export const getOutbox = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ mails: OutboxMail[] }>('/admin/outbox', { signal }).then((r) => r.mails);

export const outboxQueryOptions = () => queryOptions({ queryKey: ['admin', 'outbox'], queryFn: getOutbox });

export const useOutbox = () => useQuery(outboxQueryOptions());
