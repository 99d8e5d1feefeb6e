import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { type Output, urlOf } from '../../../../contract/endpoint';
import {
  type MissingCreditBody,
  type MissingCreditStatus,
  missingCreditApi,
  type ResolveMissingCreditBody,
} from '../../../../contract/missing-credit';
import { api } from '../../../lib/api-client';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export const useMyMissingCredits = () =>
  useQuery({
    queryKey: ['offers', 'missing-credit'],
    queryFn: ({ signal }) => call(missingCreditApi.mine, {}, { signal }).then((r) => r.claims),
  });

/** The report's facts, and the screenshot as the browser holds it. */
export type ReportValues = Omit<MissingCreditBody, 'screenshot'> & { screenshot?: File };

/** JSON without a screenshot; with one, a multipart form, as the route takes a file. */
function send({ screenshot, ...facts }: ReportValues) {
  if (!screenshot) return call(missingCreditApi.report, { body: facts });
  const form = new FormData();
  for (const [name, value] of Object.entries(facts)) form.append(name, String(value));
  form.append('screenshot', screenshot);
  return api<Output<typeof missingCreditApi.report>>(urlOf(missingCreditApi.report), {
    method: 'POST',
    body: form,
  });
}

export const useReportMissingCredit = () => useMutation({ mutationFn: send });

/** The review queue's reports of one status, the oldest first, a page at a time. */
export const useMissingCredits = (status: MissingCreditStatus) =>
  useInfiniteQuery(
    pagedQueryOptions(['admin', 'missing-credit', status], (cursor, signal) =>
      call(missingCreditApi.list, { query: { status, cursor } }, { signal }),
    ),
  );

/** A report's screenshot, read only when staff open it. */
export const useScreenshot = (id: string, open: boolean) =>
  useQuery({
    queryKey: ['admin', 'missing-credit', 'screenshot', id],
    queryFn: ({ signal }) =>
      call(missingCreditApi.screenshot, { params: { id } }, { signal }).then((r) => r.screenshot),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useResolveMissingCredit = () =>
  useMutation({
    mutationFn: ({ id, ...body }: ResolveMissingCreditBody & { id: string }) =>
      call(missingCreditApi.resolve, { params: { id }, body }),
  });
