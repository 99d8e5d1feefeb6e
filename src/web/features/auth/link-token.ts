/** The token an emailed link carries after `#token=`: in the fragment, so it never reaches a server log. */
export function linkToken(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}
