import { ShieldCheck } from 'lucide-react';
import type { TransparencySummary } from '../../../../contract/transparency';
import { transparencyApi } from '../../../../contract/transparency-api';
import { Card } from '../../../components/ui/card';
import { count, ukDateTime } from '../../../lib/format';

const code = 'rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.8125rem] text-slate-900';

/** The newest signed checkpoint of the public log, and how anyone can check the log against it. */
export function LogCheckpoint({ checkpoint }: { checkpoint: TransparencySummary['checkpoint'] }) {
  const site = window.location.origin;
  return (
    <Card className="space-y-4 p-5 text-sm leading-6 text-slate-700">
      <p className="flex items-start gap-3">
        <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <span>
          Every prize opened, entry, draw, place passed on, cancellation, payout, delivery and complaint is
          added to an append-only public log, a Merkle tree as Certificate Transparency keeps (RFC 9162). It
          holds no names or addresses: members appear as the pseudonym each prize gives them. Soon after
          anything is added we sign the log’s size and root hash, so a record once published cannot be changed
          or removed without the signatures showing it.
        </span>
      </p>
      {checkpoint ? (
        <div>
          <p>
            Newest checkpoint: <strong>{count(checkpoint.size)} records</strong>, signed{' '}
            {ukDateTime(checkpoint.signedAt)}.
          </p>
          <pre className="mt-2 whitespace-pre-wrap break-all rounded-xl bg-slate-900 p-4 text-xs leading-5 text-slate-100">
            {checkpoint.note}
          </pre>
        </div>
      ) : (
        <p>No checkpoint has been signed yet.</p>
      )}
      <div>
        <h3 className="font-semibold text-slate-900">Check it yourself</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>
            Signed in, your <strong>My entries</strong> page checks each of your receipts against the newest
            checkpoint in your browser, and warns you if the log was ever rewritten since your last visit.
          </li>
          <li>
            From a copy of our code, run <code className={code}>npm run verify-log -- --site {site}</code>. It
            checks every checkpoint’s signature, that each extends the one before, and any receipt you give it
            with <code className={code}>--receipt N</code>, sharing no code with the site.
          </li>
          <li>
            Or read the log directly: the signing key at{' '}
            <a className="font-medium text-brand-700 underline" href={transparencyApi.key.path}>
              {transparencyApi.key.path}
            </a>
            , the newest checkpoint at{' '}
            <a className="font-medium text-brand-700 underline" href={transparencyApi.checkpoint.path}>
              {transparencyApi.checkpoint.path}
            </a>
            , and the records, proofs and these figures under <code className={code}>/api/transparency/</code>
            .
          </li>
        </ul>
      </div>
    </Card>
  );
}
