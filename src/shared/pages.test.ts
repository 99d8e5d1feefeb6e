import { describe, expect, it } from 'vitest';
import { PAGES, pageAt } from './pages';

describe('the pages of the app', () => {
  it('name the page an address shows, and none for an address that is no page', () => {
    expect(pageAt('/')).toBe('home');
    expect(pageAt('/prizes')).toBe('prizes');
    expect(pageAt('/prizes/')).toBe('prizes');
    expect(pageAt('/prizes/0f0e0d0c-0b0a-4908-8706-050403020100')).toBe('prize');
    expect(pageAt('/admin/users/0f0e0d0c-0b0a-4908-8706-050403020100')).toBe('adminMember');
    for (const none of [
      '/no-such-page',
      '/prizes/1/more',
      '/prizes/sample-cash-500',
      '/admin/users/abc',
      '/admin/users',
      '/PRIZES',
    ])
      expect(pageAt(none)).toBeUndefined();
  });

  it('give every page a title of its own', () => {
    const titles = Object.entries(PAGES)
      .filter(([name]) => name !== 'entries')
      .map(([, p]) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
