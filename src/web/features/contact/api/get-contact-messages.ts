import { useInfiniteQuery } from '@tanstack/react-query';
import type { ContactMessagesPage } from '../../../../contract/contact';
import type { TicketStatus } from '../../../../contract/operator-rules';
import { pagedQueryOptions } from '../../../lib/paged';

export const contactMessagesQueryOptions = (status: TicketStatus | undefined) =>
  pagedQueryOptions<ContactMessagesPage>(
    ['admin', 'contact-messages', status ?? 'all'],
    '/admin/contact-messages',
    {
      status,
    },
  );

/** The inbox a page at a time; each page also says how many tickets are open. */
export const useContactMessages = (status: TicketStatus | undefined) =>
  useInfiniteQuery(contactMessagesQueryOptions(status));
