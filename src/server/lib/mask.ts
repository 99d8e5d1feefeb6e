/** SPEC's public name mask: first and last character with up to 4 asterisks between; names under 3 characters stay as they are. */
export function maskUsername(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length < 3) return chars.join('');
  const stars = '*'.repeat(Math.min(4, chars.length - 2));
  return `${chars[0]}${stars}${chars[chars.length - 1]}`;
}
