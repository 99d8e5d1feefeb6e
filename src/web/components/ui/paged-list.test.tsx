import type { ComponentProps, ReactNode } from 'react';
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

type Layout = Partial<Omit<ComponentProps<typeof PagedList<string>>, 'query' | 'rows' | 'children'>>;

const render = (
  query: Partial<PagedQuery>,
  rows: string[],
  boxed: boolean | string = false,
  layout?: Layout,
) =>
  renderToStaticMarkup(
    <PagedList
      query={{ ...loaded, ...query }}
      rows={rows}
      loading="Loading winners..."
      failed="The winners"
      more="winners"
      empty={<p>No winners yet</p>}
      boxed={boxed}
      {...layout}
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

  it('keeps the rows it has when a later page or a fresh read fails, and offers the page again', () => {
    const html = render({ isError: true, hasNextPage: true }, ['Ann']);
    expect(html).toMatch(/^<ul><li>Ann<\/li><\/ul><div[^>]*><button[^>]*aria-label="Load more winners"/);
    expect(html).not.toContain('could not be loaded');
  });

  it('shows nothing while loading without spinner words, and nothing when empty without an empty state', () => {
    expect(render({ isPending: true }, [], false, { loading: undefined })).toBe('');
    expect(render({}, [], true, { empty: undefined })).toBe('');
    expect(render({ isError: true }, [], false, { empty: undefined })).toContain('role="alert"');
  });

  it('gives the card around the error and the empty state the classes it is boxed with', () => {
    expect(render({}, [], 'mb-6')).toMatch(
      /^<div class="rounded-2xl[^"]* mb-6"><p>No winners yet<\/p><\/div>$/,
    );
    expect(render({ isError: true }, [], 'mb-6')).toMatch(
      /^<div class="rounded-2xl[^"]* mb-6"><p role="alert"/,
    );
  });

  it('puts the rows and their button in what goes around them, only when there are rows', () => {
    const around = (list: ReactNode) => <section aria-label="Winners">{list}</section>;
    const html = render({ hasNextPage: true }, ['Ann'], false, { around });
    expect(html).toMatch(/^<section aria-label="Winners"><ul><li>Ann<\/li><\/ul><div[^>]*><button/);
    expect(html).toMatch(/<\/button><\/div><\/section>$/);
    expect(render({}, [], false, { around })).toBe('<p>No winners yet</p>');
  });

  it('puts the button in a box of the foot classes, and no box when there is no button', () => {
    expect(render({ hasNextPage: true }, ['Ann'], false, { foot: 'px-5 pb-5' })).toMatch(
      /^<ul><li>Ann<\/li><\/ul><div class="px-5 pb-5"><div[^>]*><button/,
    );
    expect(render({}, ['Ann'], false, { foot: 'px-5 pb-5' })).toBe('<ul><li>Ann</li></ul>');
  });
});
