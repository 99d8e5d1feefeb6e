import { useInfiniteQuery } from '@tanstack/react-query';
import type { Output } from '../../../../contract/endpoint';
import type { MemberSearchQuery } from '../../../../contract/members';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export type MemberSearchPage = Output<typeof membersApi.search>;
/** What the Users tab searches by: the text, and the filters. */
export type MemberFilters = Pick<MemberSearchQuery, 'q' | 'status' | 'held' | 'minRisk'>;

/**
 * Members matching the text (any part of an email or name, a whole @domain, an id or a referral code)
 * and the filters; the newest first.
 */
export const searchMembersQueryOptions = (filters: MemberFilters) =>
  pagedQueryOptions(['admin', 'members', filters], (cursor, signal) =>
    call(membersApi.search, { query: { ...filters, cursor } }, { signal }),
  );

export const useSearchMembers = (filters: MemberFilters) =>
  useInfiniteQuery(searchMembersQueryOptions(filters));
