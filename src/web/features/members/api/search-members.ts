import { useInfiniteQuery } from '@tanstack/react-query';
import type { Output } from '../../../../contract/endpoint';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export type MemberSearchPage = Output<typeof membersApi.search>;

/** Members whose email or name starts with `q`, or whose id or referral code it is; the newest first. */
export const searchMembersQueryOptions = (q: string) =>
  pagedQueryOptions(['admin', 'members', q], (cursor, signal) =>
    call(membersApi.search, { query: { q, cursor } }, { signal }),
  );

export const useSearchMembers = (q: string) => useInfiniteQuery(searchMembersQueryOptions(q));
