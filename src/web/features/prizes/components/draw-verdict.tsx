import { Circle, CircleAlert, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import type { DrawProofResponse } from '../../../../contract/draws';
import { Card } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ukDateTime } from '../../../lib/format';
import type { DrawCheck } from '../api/get-draw-proof';

const VERDICTS = {
  verified: {
    title: 'Verified',
    Icon: CircleCheck,
    card: 'border-emerald-300 bg-emerald-50',
    icon: 'text-emerald-700',
  },
  'unknown-network': {
    title: 'Recomputed, from an unknown beacon',
    Icon: CircleAlert,
    card: 'border-amber-300 bg-amber-50',
    icon: 'text-amber-700',
  },
  mismatch: {
    title: 'Does not match',
    Icon: CircleX,
    card: 'border-red-300 bg-red-50',
    icon: 'text-red-700',
  },
} as const;

type Verdict = keyof typeof VERDICTS;

/** One check: yes or no once known, a dot until then. */
function Check({ ok, label }: { ok: boolean | undefined; label: string }) {
  const Icon = ok === undefined ? Circle : ok ? CircleCheck : CircleX;
  const colour = ok === undefined ? 'text-slate-400' : ok ? 'text-emerald-700' : 'text-red-700';
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden className={`h-5 w-5 shrink-0 ${colour}`} />
      <span>
        {label}:{' '}
        {ok === undefined ? (
          <strong>
            <span aria-hidden>…</span>
            <span className="sr-only">not checked yet</span>
          </strong>
        ) : (
          <strong>{ok ? 'yes' : 'no'}</strong>
        )}
      </span>
    </li>
  );
}

/** The verdict, or while checking an unseen stand-in for it (`real` false) that only holds its place. */
function Outcome({ verdict, beacon, real }: { verdict: Verdict; beacon: boolean; real: boolean }) {
  const { Icon, icon, title } = VERDICTS[verdict];
  return (
    <>
      <p
        className="flex items-center gap-3 text-2xl font-extrabold"
        data-testid={real ? 'verdict' : undefined}
      >
        <Icon aria-hidden className={`h-8 w-8 shrink-0 ${icon}`} /> {title}
      </p>
      <p className="mt-2 text-slate-700">
        Your browser recomputed this draw from the published seed
        {beacon ? ', the public randomness' : ''} and list of entries{' '}
        {verdict === 'mismatch'
          ? 'and the result differs from what was published.'
          : 'and got the same winners.'}
      </p>
    </>
  );
}

/** The browser's own check of a draw: a progress bar while it recomputes, then the verdict and each check. */
export function DrawVerdict({
  proof,
  result,
  progress,
}: {
  proof: DrawProofResponse;
  result: DrawCheck | undefined;
  progress: number;
}) {
  const { beacon } = proof;
  const checked = result?.beacon;
  // Only a network the check recognised is named: the proof's own claim is what is being checked.
  const network = checked?.network ?? null;
  const percent = Math.floor(progress * 100);
  const trust = !beacon
    ? 'This draw relies on our commitment alone: the seed was fixed, and its fingerprint published, before anyone entered, so it could not be changed afterwards. It used no public randomness, so you are trusting that we did not look ahead at the result while entries were open.'
    : network
      ? `The winners depend on the seed and on public randomness from round ${beacon.round} of ${network}, published only after the entries were frozen. Nobody, us included, could know the result while entries were open.`
      : !result
        ? `The winners depend on the seed and on public randomness from round ${beacon.round}; this page is checking which network published it, and when.`
        : 'The winners depend on public randomness from a network this page does not know, so it cannot tell who held that network’s key or when the randomness came out.';
  return (
    <Card className={`p-6 ${result ? VERDICTS[result.verdict].card : ''}`}>
      {/*
        Both layers share one grid cell, one of them unseen: the cell is as tall as the verdict will be
        before it comes, so nothing below moves, and the progress bar sits in its middle meanwhile.
      */}
      {/* The verdict's text is there, unseen, all along: this line is what tells a screen reader it came. */}
      <p role="status" className="sr-only">
        {result ? `${VERDICTS[result.verdict].title}.` : ''}
      </p>
      <div className="grid">
        <div
          className={`col-start-1 row-start-1 self-center ${result ? 'invisible' : ''}`}
          aria-hidden={result ? true : undefined}
        >
          <p className="flex items-center gap-2 whitespace-nowrap text-base font-semibold text-slate-800 sm:text-lg">
            <LoaderCircle aria-hidden className="h-5 w-5 shrink-0 animate-spin text-brand-700" />
            Checking the draw…{' '}
            {/* At the bar's end, in figures of one width, so the label never wraps or jitters as it counts. */}
            <span aria-hidden className="ml-auto min-w-[4ch] text-right tabular-nums">
              {percent}%
            </span>
          </p>
          <ProgressBar className="mt-3" label="Checking the draw" value={percent} max={100} />
        </div>
        <div
          className={`col-start-1 row-start-1 ${result ? '' : 'invisible'}`}
          aria-hidden={result ? undefined : true}
        >
          <Outcome
            verdict={result?.verdict ?? 'verified'}
            beacon={beacon !== null}
            real={result !== undefined}
          />
        </div>
      </div>
      <ul className="mt-4 space-y-1 text-sm">
        <Check
          ok={result?.commitmentMatches}
          label="The seed matches the commitment published before the draw"
        />
        <Check ok={result?.snapshotMatches} label="The list of entries matches its published fingerprint" />
        {beacon && (
          <>
            <Check
              ok={checked ? checked.network !== null : undefined}
              label={`The randomness comes from ${network ?? 'a network'} whose public key this page knows`}
            />
            <Check
              ok={checked?.signatureMatches}
              label={`Round ${beacon.round} is signed with that public key`}
            />
            <Check ok={checked?.randomnessMatches} label="The randomness is the SHA-256 of that signature" />
            {network && (
              <Check
                ok={checked?.roundAfterSnapshot}
                label={`Round ${beacon.round} came out after the entries were frozen (${ukDateTime(proof.snapshotAt)})`}
              />
            )}
          </>
        )}
        <Check ok={result?.winnersMatch} label="Recomputing gives the published winners, in order" />
        {proof.replacements.length > 0 && (
          <Check
            ok={result?.replacements.every((r) => r.matches)}
            label="Each place passed on went to the next eligible participant in the ranking"
          />
        )}
      </ul>
      {/* A beacon's wording waits for the check of its network; its space does not. */}
      <p
        className={`mt-4 text-sm text-slate-700 ${!result && beacon ? 'invisible' : ''}`}
        aria-hidden={!result && beacon ? true : undefined}
        data-testid="trust"
      >
        {trust}
      </p>
    </Card>
  );
}
