/**
 * Reads a snapshot's lines, `<pid>:<entries>\n` (snapshot.ts writes them): each
 * as where its pid starts and ends in `lines`, and its entries (digits), so a
 * draw reads a million lines without a string or object for each.
 */
export function eachLine(lines: string, each: (start: number, end: number, entries: number) => void) {
  for (let start = 0; start < lines.length; ) {
    const end = lines.indexOf('\n', start);
    const colon = lines.lastIndexOf(':', end);
    let entries = 0;
    for (let i = colon + 1; i < end; i++) entries = 10 * entries + lines.charCodeAt(i) - 48;
    each(start, colon, entries);
    start = end + 1;
  }
}
