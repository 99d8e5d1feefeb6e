import { CircleCheck, CircleX } from 'lucide-react';
import type { DrawProofResponse } from '../../../../contract/draws';
import type { ReplacementReason } from '../../../../contract/operator-rules';
import { counted } from '../../../lib/format';
import type { DrawCheck } from '../api/get-draw-proof';

const WHY: Record<ReplacementReason, string> = {
  disqualified: 'disqualified',
  unclaimed: 'not claimed in time',
  ineligible: 'not eligible to win',
};

/** The places passed on since the draw, each with whether the browser found it went to the next eligible participant. */
export function PlacesPassedOn({
  proof,
  names,
  checked,
}: {
  proof: DrawProofResponse;
  names: Map<string, string>;
  checked: DrawCheck['replacements'] | undefined;
}) {
  const name = (pid: string) => names.get(pid) ?? pid;
  return (
    <section className="mt-5" aria-labelledby="passed-on-heading">
      <h3 id="passed-on-heading" className="font-bold">
        Places passed on
      </h3>
      <p className="text-sm text-slate-600">
        A winner who is disqualified, turns out not to be eligible, or does not claim in time, loses the place
        to the next participant in the draw’s ranking who may win; anyone who could not win at that moment is
        passed over.
      </p>
      <ol className="mt-3 space-y-2 text-sm">
        {proof.replacements.map((r, i) => {
          const ok = checked?.[i]?.matches;
          return (
            <li key={`${r.place}-${r.from}`} className="flex items-start gap-2">
              {ok !== undefined &&
                (ok ? (
                  <CircleCheck aria-label="checked" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
                ) : (
                  <CircleX aria-label="does not match" className="mt-0.5 h-4 w-4 shrink-0 text-red-700" />
                ))}
              <span>
                Place {r.place}: {name(r.from)} ({WHY[r.reason]}) →{' '}
                {r.to ? name(r.to) : 'nobody eligible was left'}
                {r.skipped.length > 0 &&
                  `, passing over ${counted(r.skipped.length, 'participant', 'participants')}`}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
