import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The most JavaScript, gzipped, a visitor's first page may load before anything else (DESIGN §20). */
export const FIRST_LOAD_BUDGET_KIB = 110;

/** The script a first page loads before anything else: the entry and what it preloads, as the built page names them. */
export function firstLoadFiles(webDir = 'dist/web') {
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const named = html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.js)"/g);
  return [...new Set([...named].map((m) => join(webDir, m[1] ?? '')))];
}
