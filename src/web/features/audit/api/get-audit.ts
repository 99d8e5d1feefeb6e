import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuditFilter, auditResponse } from '../../../../contract/audit';
import { pagedQueryOptions } from '../../../lib/paged';

export type AuditPage = z.infer<typeof auditResponse>;
export type { AuditFilter };

/** The audit log, newest first, filtered by action, admin or target, a page at a time. */
export const auditQueryOptions = (filter: AuditFilter) =>
  pagedQueryOptions<AuditPage>(['admin', 'audit', filter], '/admin/audit', filter);

export const useAudit = (filter: AuditFilter) => useInfiniteQuery(auditQueryOptions(filter));
