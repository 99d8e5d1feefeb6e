import type { ScreenshotType } from '../../../contract/missing-credit';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The kind of image a file is, from its first bytes (its name and declared type are the sender's word):
 * PNG, JPEG or WebP, or null for anything else. What staff open is then an image, never a page or a script.
 */
export function imageTypeOf(bytes: Uint8Array): ScreenshotType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
