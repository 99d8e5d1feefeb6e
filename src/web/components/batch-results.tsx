/** What became of each row of a staff action taken on several at once (contract `bulkResults`). */
export interface BatchOutcome {
  /** Whose row, in words: the member's name. */
  name: string;
  /** What happened to it, or why not. */
  text: string;
}

/** The last batch's outcomes, row by row, kept on screen after the selection clears. */
export function BatchResults({ outcomes }: { outcomes: BatchOutcome[] }) {
  return (
    <div role="status" className="rounded-xl bg-slate-50 p-4 text-sm">
      <p className="mb-1 font-semibold text-slate-900">The last batch</p>
      <ul className="space-y-1">
        {outcomes.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a batch is shown whole and replaced whole.
          <li key={i}>
            {o.name}: {o.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
