import { useInfiniteQuery } from '@tanstack/react-query';
import { type AuditFilter, auditApi } from '../../../../contract/audit';
import type { Output } from '../../../../contract/endpoint';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export type AuditPage = Output<typeof auditApi.list>;
export type { AuditFilter };

/** The audit log, newest first, filtered by action, admin or target, a page at a time. */
export const auditQueryOptions = (filter: AuditFilter) =>
  pagedQueryOptions(['admin', 'audit', filter], (cursor, signal) =>
    call(auditApi.list, { query: { ...filter, cursor } }, { signal }),
  );

export const useAudit = (filter: AuditFilter) => useInfiniteQuery(auditQueryOptions(filter));
