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
 */
export function PagedList<T>({
  query,
  rows,
  loading,
  failed,
  more,
  empty,
  boxed = false,
  children,
}: {
  query: PagedQuery;
  rows: readonly T[];
  /** The spinner's words: "Loading the ledger...". */
  loading: string;
  /** What could not be loaded: "The ledger". */
  failed: string;
  /** What the list holds, for the button's name: "ledger rows". */
  more: string;
  /** What shows when there is nothing, usually an EmptyState. */
  empty: ReactNode;
  /** The error and the empty state each in a card, where no card is already around the list. */
  boxed?: boolean;
  children(rows: readonly T[]): ReactNode;
}) {
  const box = (content: ReactNode) => (boxed ? <Card>{content}</Card> : content);
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) return box(<LoadError what={failed} />);
  if (!rows.length) return box(empty);
  return (
    <>
      {children(rows)}
      <LoadMore
        what={more}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
