import { useInfiniteQuery } from '@tanstack/react-query';
import { contactApi } from '../../../../contract/contact';
import type { TicketStatus } from '../../../../contract/operator-rules';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export const contactMessagesQueryOptions = (status: TicketStatus | undefined) =>
  pagedQueryOptions(['admin', 'contact-messages', status ?? 'all'], (cursor, signal) =>
    call(contactApi.inbox, { query: { status, cursor } }, { signal }),
  );

/** The inbox a page at a time; each page also says how many tickets are open. */
export const useContactMessages = (status: TicketStatus | undefined) =>
  useInfiniteQuery(contactMessagesQueryOptions(status));
