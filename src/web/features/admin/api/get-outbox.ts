import { useInfiniteQuery } from '@tanstack/react-query';
import type { OutboxMail } from '../../../../contract/admin';
import { pagedQueryOptions } from '../../../lib/paged';

/** Outgoing email, newest first, a page at a time. */
export const outboxQueryOptions = () =>
  pagedQueryOptions<{ mails: OutboxMail[]; nextCursor: string | null }>(['admin', 'outbox'], '/admin/outbox');

export const useOutbox = () => useInfiniteQuery(outboxQueryOptions());
