import type { ReactNode } from 'react';

/** One column: its heading, what each row shows in it, and how its cells sit. */
export interface Column<T> {
  header: string;
  /** The heading is for screen readers only: a column of row actions, or of the rows' own names. */
  headerHidden?: boolean;
  cell(row: T, index: number): ReactNode;
  /** Each cell names its row (a row header), as a wall's name heads its figures. */
  rowHeader?: boolean;
  align?: 'right' | 'center';
  /** Classes of the heading, beyond the table's. */
  th?: string;
  /** Classes of its cells beyond the table's: the same in every row, or chosen by the row. */
  td?: string | ((row: T) => string);
  /**
   * The column stays at the right edge of its ScrollCard while the rest scrolls under it, so on a phone a
   * row's actions are in reach without scrolling sideways. Its background is the default look's, which
   * covers what passes beneath.
   */
  sticky?: boolean;
}

/** How a table looks, part by part; a table changes only the parts it needs. */
export interface TableLook {
  table: string;
  head: string;
  th: string;
  td: string;
}

/** An admin list's look: a tinted head over roomy rows. */
const LIST_LOOK: TableLook = {
  table: 'w-full text-left text-sm',
  head: 'border-b border-slate-200 bg-slate-50 text-slate-700',
  th: 'px-4 py-3 font-semibold',
  td: 'px-4 py-3',
};

const ALIGN = { right: 'text-right', center: 'text-center' } as const;

const sticky = (bg: string) => `sticky right-0 ${bg} shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.25)]`;

const classes = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join(' ');

/**
 * Rows under column headings, each heading and row header scoped so a screen reader names a cell by
 * both. A wide table goes in a ScrollCard, which scrolls it sideways on a phone.
 */
export function Table<T>({
  rows,
  rowKey,
  columns,
  caption,
  look,
}: {
  rows: readonly T[];
  rowKey(row: T): string;
  columns: ReadonlyArray<Column<T>>;
  /** The table's visible title, which also names it; most tables are named by the ScrollCard around them. */
  caption?: string;
  look?: Partial<TableLook>;
}) {
  const { table, head, th, td } = { ...LIST_LOOK, ...look };
  return (
    <table className={table}>
      {caption && <caption className="px-4 pt-4 text-left text-lg font-bold">{caption}</caption>}
      <thead className={head}>
        <tr>
          {columns.map((c) => (
            <th
              key={c.header}
              scope="col"
              className={classes(th, c.align && ALIGN[c.align], c.th, c.sticky && sticky('bg-slate-50'))}
            >
              {c.headerHidden ? <span className="sr-only">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row, index) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => {
              const Cell = c.rowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={c.header}
                  scope={c.rowHeader ? 'row' : undefined}
                  className={classes(
                    td,
                    c.align && ALIGN[c.align],
                    typeof c.td === 'function' ? c.td(row) : c.td,
                    c.sticky && sticky('bg-white'),
                  )}
                >
                  {c.cell(row, index)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
