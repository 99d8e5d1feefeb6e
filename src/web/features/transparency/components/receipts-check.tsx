import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { MyEntry } from '../../../../contract/users';
import { Spinner } from '../../../components/ui/spinner';
import { counted } from '../../../lib/format';
import { checkReceipts, type Receipt } from '../check-receipts';

/** The receipts checked: each entry's newest, on the page the member is looking at. */
const receiptsOf = (entries: readonly MyEntry[]): Receipt[] =>
  entries.flatMap((e) => {
    const index = e.logIndexes.at(-1);
    return index === undefined ? [] : [{ index, prizeId: e.prize._id, pid: e.pid }];
  });

/** What the member's browser found when it checked their receipts against the public log. */
export function ReceiptsCheck({ entries }: { entries: readonly MyEntry[] }) {
  const receipts = receiptsOf(entries);
  const check = useQuery({
    queryKey: ['public-log', 'check', receipts.map((r) => r.index)],
    queryFn: () => checkReceipts(receipts),
    enabled: receipts.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  if (receipts.length === 0) return null;
  if (check.isPending) return <Spinner label="Checking your receipts against the public log..." />;
  if (check.isError)
    return (
      <p className="px-5 pt-4 text-sm text-slate-600">
        We could not check your receipts just now. Trying again in a few seconds.
      </p>
    );
  const result = check.data;
  if (result.state === 'rewritten')
    return (
      <div
        role="alert"
        className="mx-5 mt-4 flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800"
      >
        <ShieldAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
        <div>
          <p className="font-semibold">The public log has been rewritten</p>
          <p className="text-sm">
            {result.why} Records once published should never change: please tell us through the Contact page,
            and keep a screenshot of this.
          </p>
        </div>
      </div>
    );
  return (
    <div className="mx-5 mt-4 flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
      <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">Your receipts are in the public log</p>
        <p className="text-sm">
          Checked in your browser against the log’s signed checkpoint of{' '}
          {counted(result.size, 'record', 'records')}
          {result.pending > 0 &&
            `; ${counted(result.pending, 'newer receipt is', 'newer receipts are')} added to it within a minute`}
          .
        </p>
      </div>
    </div>
  );
}
