import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PagedList, type PagedQuery } from './paged-list';

const loaded: PagedQuery = {
  isPending: false,
  isError: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => Promise.resolve(),
};

const render = (query: Partial<PagedQuery>, rows: string[], boxed = false) =>
  renderToStaticMarkup(
    <PagedList
      query={{ ...loaded, ...query }}
      rows={rows}
      loading="Loading winners..."
      failed="The winners"
      more="winners"
      empty={<p>No winners yet</p>}
      boxed={boxed}
    >
      {(shown) => (
        <ul>
          {shown.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );

describe('PagedList', () => {
  it('says it is loading while the first page is on its way', () => {
    const html = render({ isPending: true }, []);
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading winners...');
    expect(html).not.toContain('No winners yet');
  });

  it('says the list could not be loaded, never that it is empty', () => {
    const html = render({ isError: true }, []);
    expect(html).toContain('role="alert"');
    expect(html).toContain('The winners could not be loaded.');
    expect(html).not.toContain('No winners yet');
  });

  it('shows its empty state when there is nothing', () => {
    expect(render({}, [])).toBe('<p>No winners yet</p>');
  });

  it('puts the error and the empty state in a card of their own when boxed', () => {
    expect(render({}, [], true)).toMatch(/^<div class="rounded-2xl[^"]*"><p>No winners yet<\/p><\/div>$/);
    expect(render({ isError: true }, [], true)).toMatch(/^<div class="rounded-2xl[^"]*"><p role="alert"/);
  });

  it('shows the rows, and a Load more button under them only while there are more', () => {
    expect(render({}, ['Ann', 'Bob'])).toBe('<ul><li>Ann</li><li>Bob</li></ul>');
    const more = render({ hasNextPage: true }, ['Ann']);
    expect(more).toMatch(/^<ul><li>Ann<\/li><\/ul><div[^>]*><button[^>]*aria-label="Load more winners"/);
    expect(more).toContain('>Load more</button>');
  });

  it('holds the button while the next page loads', () => {
    const html = render({ hasNextPage: true, isFetchingNextPage: true }, ['Ann']);
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(html).toContain('>Loading...</button>');
  });
});
