import type { ReactNode } from 'react';
import { Card } from './card';
import { LoadError } from './load-error';
import { LoadMore } from './load-more';
import { Spinner } from './spinner';

/** What a paged list needs of its query (lib/paged's infinite query). */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * A list read a page at a time: a spinner while the first page loads, an honest error if it cannot,
 * `empty` when there is nothing, else the rows and a Load more button under them while there are more.
 * Rows once shown stay when a later page or a fresh read fails; their Load more button tries again.
 */
export function PagedList<T>({
  query,
  rows,
  loading,
  failed,
  more,
  empty,
  boxed = false,
  around,
  foot,
  children,
}: {
  query: PagedQuery;
  rows: readonly T[];
  /**
   * The spinner's words: "Loading the ledger...". Without them nothing shows until the first page is
   * in, for a list that shows only when it has rows.
   */
  loading?: string;
  /** What could not be loaded: "The ledger". */
  failed: string;
  /** What the list holds, for the button's name: "ledger rows". */
  more: string;
  /** What shows when there is nothing, usually an EmptyState; without it, nothing does. */
  empty?: ReactNode;
  /**
   * The error and the empty state each in a card, where no card is already around the list; a string
   * is more classes for that card ("mb-6").
   */
  boxed?: boolean | string;
  /** What the rows and their Load more button sit in, there only with rows: a section with its heading. */
  around?(list: ReactNode): ReactNode;
  /** Classes of a box around the Load more button, there only with it: room under it in a card. */
  foot?: string;
  children(rows: readonly T[]): ReactNode;
}) {
  const box = (content: ReactNode) =>
    boxed === false ? content : <Card className={boxed === true ? undefined : boxed}>{content}</Card>;
  if (query.isPending) return loading ? <Spinner label={loading} /> : null;
  if (!rows.length) {
    if (query.isError) return box(<LoadError what={failed} />);
    return empty === undefined ? null : box(empty);
  }
  const button = (
    <LoadMore
      what={more}
      hasMore={query.hasNextPage}
      loading={query.isFetchingNextPage}
      onMore={() => void query.fetchNextPage()}
    />
  );
  const list = (
    <>
      {children(rows)}
      {foot && query.hasNextPage ? <div className={foot}>{button}</div> : button}
    </>
  );
  return around ? around(list) : list;
}
