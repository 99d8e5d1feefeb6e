import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../contract/two-factor';

/** No 0/O or 1/I/L to misread from paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

/** A code as written down: `abcde-fghjk`, about 50 random bits. */
function newCode() {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newCode);

/** What a person types, read the way it was written: case, spaces and dashes do not matter. */
export const normaliseCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Whether a typed code has a recovery code's shape (a TOTP code is six digits). */
export const looksLikeRecoveryCode = (code: string) => normaliseCode(code).length === CODE_LENGTH;

/** Stored salted with the account's id, so one table of hashes does not serve every account. */
export const hashRecoveryCode = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normaliseCode(code)}`)
    .digest('hex');
