import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type Column, Table } from './table';

interface Wall {
  id: string;
  name: string;
  credits: number;
}

const walls: Wall[] = [
  { id: 'a', name: 'Alpha', credits: 3 },
  { id: 'b', name: 'Beta', credits: -1 },
];

const render = (columns: Column<Wall>[], extra: Partial<Parameters<typeof Table<Wall>>[0]> = {}) => {
  const html = renderToStaticMarkup(<Table rows={walls} rowKey={(w) => w.id} columns={columns} {...extra} />);
  /** The opening tags of every element named `tag`, in order: enough to ask about cells without a browser. */
  const tags = (tag: string) => [...html.matchAll(new RegExp(`<${tag}(?=[ >])[^>]*>`, 'g'))].map((m) => m[0]);
  return { html, tags };
};

describe('Table', () => {
  it('heads each column for screen readers and names each row by its row header', () => {
    const table = render([
      { header: 'Wall', rowHeader: true, cell: (w) => w.name },
      { header: 'Credits', align: 'right', cell: (w) => String(w.credits) },
    ]);
    expect(table.tags('th')).toEqual([
      '<th scope="col" class="px-4 py-3 font-semibold">',
      '<th scope="col" class="px-4 py-3 font-semibold text-right">',
      '<th scope="row" class="px-4 py-3">',
      '<th scope="row" class="px-4 py-3">',
    ]);
    expect(table.tags('td')).toEqual([
      '<td class="px-4 py-3 text-right">',
      '<td class="px-4 py-3 text-right">',
    ]);
    expect(table.html).toContain(
      '<th scope="row" class="px-4 py-3">Alpha</th><td class="px-4 py-3 text-right">3</td>',
    );
  });

  it('keeps a hidden heading for screen readers only', () => {
    const table = render([{ header: 'Actions', headerHidden: true, cell: () => 'Edit' }]);
    expect(table.html).toContain('<span class="sr-only">Actions</span>');
  });

  it('keeps a sticky column at the right edge in the head and in every row, each over its own background', () => {
    const table = render([
      { header: 'Name', cell: (w) => w.name },
      { header: 'Actions', sticky: true, cell: () => 'Edit' },
    ]);
    const [, head] = table.tags('th');
    expect(head).toContain('sticky right-0 bg-slate-50');
    const cells = table.tags('td').filter((td) => td.includes('sticky'));
    expect(cells).toHaveLength(walls.length);
    for (const cell of cells) expect(cell).toContain('sticky right-0 bg-white');
  });

  it("gives a column's cells their own classes, fixed or by row, after the table's", () => {
    const table = render([
      {
        header: 'Credits',
        th: 'w-16',
        td: (w) => (w.credits > 0 ? 'text-emerald-800' : 'text-red-800'),
        cell: (w, i) => `${i}:${w.credits}`,
      },
    ]);
    expect(table.tags('th')).toEqual(['<th scope="col" class="px-4 py-3 font-semibold w-16">']);
    expect(table.tags('td')).toEqual([
      '<td class="px-4 py-3 text-emerald-800">',
      '<td class="px-4 py-3 text-red-800">',
    ]);
    expect(table.html).toContain('>0:3<');
    expect(table.html).toContain('>1:-1<');
  });

  it('changes only the parts of its look a table names, and shows a caption when given one', () => {
    const table = render([{ header: 'Name', cell: (w) => w.name }], {
      caption: 'Entries when entries closed',
      look: { th: 'px-3 py-2', td: 'px-3 py-1.5' },
    });
    expect(table.tags('table')).toEqual(['<table class="w-full text-left text-sm">']);
    expect(table.tags('thead')).toEqual([
      '<thead class="border-b border-slate-200 bg-slate-50 text-slate-700">',
    ]);
    expect(table.tags('th')).toEqual(['<th scope="col" class="px-3 py-2">']);
    expect(table.tags('td')).toEqual(['<td class="px-3 py-1.5">', '<td class="px-3 py-1.5">']);
    expect(table.html).toContain('Entries when entries closed</caption>');
  });
});
