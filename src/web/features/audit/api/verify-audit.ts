import { useMutation } from '@tanstack/react-query';
import { type AuditVerify, auditApi } from '../../../../contract/audit';
import { call } from '../../../lib/call';

/**
 * Recomputes the log's hash chain from its first row, asking for one part
 * after another (the server checks a bounded number of rows a call) until the
 * end or the first broken row; `checked` is the whole count.
 */
export async function verifyAudit(): Promise<AuditVerify> {
  let checked = 0;
  let cursor: string | null = null;
  // The first part names the signed head it checked the end of the log against.
  let head: AuditVerify['head'] = null;
  do {
    const part: AuditVerify = await call(auditApi.verify, { query: { cursor: cursor ?? undefined } });
    head = cursor ? head : part.head;
    checked += part.checked;
    if (!part.intact) return { ...part, head, checked };
    cursor = part.nextCursor;
  } while (cursor);
  return { intact: true, problem: null, head, checked, firstBrokenId: null, nextCursor: null };
}

// A check, not a change: nothing on screen needs fetching again after it.
export const useVerifyAudit = () =>
  useMutation({ mutationFn: verifyAudit, meta: { changedNothing: () => true } });
