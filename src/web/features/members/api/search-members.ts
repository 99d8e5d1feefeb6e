import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { memberSearchResponse } from '../../../../contract/members';
import { pagedQueryOptions } from '../../../lib/paged';

export type MemberSearchPage = z.infer<typeof memberSearchResponse>;

/** Members whose email or name starts with `q`, or whose id or referral code it is; the newest first. */
export const searchMembersQueryOptions = (q: string) =>
  pagedQueryOptions<MemberSearchPage>(['admin', 'members', q], '/admin/users', { q });

export const useSearchMembers = (q: string) => useInfiniteQuery(searchMembersQueryOptions(q));
