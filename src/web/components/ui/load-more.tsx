import { Button } from './button';

/** The foot of a paged list: a button for the next page while there is one. */
export function LoadMore({
  hasMore,
  loading,
  onMore,
  what,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore(): void;
  /** What the list holds, for the button's accessible name: "Load more members". */
  what: string;
}) {
  if (!hasMore) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" onClick={onMore} disabled={loading} aria-label={`Load more ${what}`}>
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
