import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { DrawProofResponse } from '../../../../contract/draws';
import { Button } from '../../../components/ui/button';
import { ScrollCard } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { type Column, Table } from '../../../components/ui/table';
import { count, entriesLabel } from '../../../lib/format';

const PAGE = 100;

const COLUMNS: Column<DrawProofResponse['participants'][number]>[] = [
  { header: 'Entrant', cell: (p) => p.username },
  { header: 'Draw ID', td: 'font-mono text-xs text-slate-600', cell: (p) => p._id },
  { header: 'Entries', align: 'right', cell: (p) => entriesLabel(p.entries) },
];

/**
 * The frozen list of entries, a page at a time: a draw can have 100,000 people,
 * and a table of them all would hold the page still for seconds, progress bar
 * included. Each member knows their Draw ID, so they can find themselves.
 * Memoised: the progress bar above re-renders the page many times a second.
 */
export const DrawEntries = memo(function DrawEntries({
  participants,
}: {
  participants: DrawProofResponse['participants'];
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const wanted = useDeferredValue(search.trim().toLowerCase());
  const found = useMemo(
    () =>
      wanted
        ? participants.filter((p) => p._id.includes(wanted) || p.username.toLowerCase().includes(wanted))
        : participants,
    [participants, wanted],
  );
  const pages = Math.max(1, Math.ceil(found.length / PAGE));
  const shown = Math.min(page, pages - 1);
  const rows = found.slice(shown * PAGE, (shown + 1) * PAGE);
  const paged = participants.length > PAGE;

  return (
    <div className="space-y-3">
      {paged && (
        <div className="max-w-md">
          <TextField
            label="Find a Draw ID or entrant"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        </div>
      )}
      <ScrollCard label="Entries at the draw">
        <Table
          caption="Entries when entries closed"
          rows={rows}
          rowKey={(p) => p._id}
          columns={COLUMNS}
          look={{ head: 'border-b border-slate-200 text-slate-700', th: 'px-4 py-2', td: 'px-4 py-2' }}
        />
        {rows.length === 0 && (
          <p className="px-4 py-6 text-sm text-slate-600">No entry matches “{search}”.</p>
        )}
      </ScrollCard>
      {paged && found.length > 0 && (
        <nav aria-label="Pages of entries" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700" aria-live="polite">
            {count(shown * PAGE + 1)}–{count(shown * PAGE + rows.length)} of {count(found.length)}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" disabled={shown === 0} onClick={() => setPage(shown - 1)}>
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={shown === pages - 1}
              onClick={() => setPage(shown + 1)}
            >
              Next
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
});
