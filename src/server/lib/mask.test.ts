import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../tests/helpers/db';
import type { Database } from '../db/client';
import { maskUsername, maskUsernameSql, TRIMMED_BY_JS } from './mask';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** Each name masked by the database, in the order given. */
async function maskedInSql(names: string[]) {
  const name = sql`n.value`;
  const { rows } = (await database.db.execute(sql`
    select ${maskUsernameSql(name)} as masked
    from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as n(value, i)
    order by n.i`)) as unknown as { rows: Array<{ masked: string }> };
  return rows.map((r) => r.masked);
}

const AWKWARD = [
  '',
  'a',
  'ab',
  'abc',
  'abcd',
  'abcdefghij',
  '  Ann  ',
  ' x ',
  '\u00a0Zoë\u3000',
  '\ufeffBOM name\u2028',
  'Ann Lee',
  'a  b',
  'Zoë',
  'Ünïcödé',
  'Łukasz',
  'Дмитрий',
  'محمد',
  '李小龍',
  '김민준',
  '😀',
  '😀😀',
  '😀😀😀',
  '👩‍👩‍👧‍👦 family',
  '🏳️‍🌈',
  'e\u0301e\u0301e\u0301',
  '𝒜𝒷𝒸𝒹𝑒',
  "O'Brien; drop table users",
  '%_\\*',
  '\t\ttab\n',
  '\u200b zero width \u200b',
  '\u0085next line\u0085',
  '\u180emongolian\u180e',
  'Deleted member',
  ...Array.from(TRIMMED_BY_JS, (c) => `${c}x${c}yz${c}`),
];

describe('the name mask in SQL', () => {
  it('lists exactly the characters JavaScript trims', () => {
    const trimmed: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      if (ch.trim() === '') trimmed.push(ch);
    }
    expect(trimmed.join('')).toBe(TRIMMED_BY_JS);
  });

  it('masks awkward names, non-ASCII and white space included, exactly as maskUsername does', async () => {
    expect(await maskedInSql(AWKWARD)).toEqual(AWKWARD.map(maskUsername));
  });

  it('masks any name the database can hold exactly as maskUsername does', async () => {
    // Any code point PostgreSQL text can hold (no NUL, no lone surrogate), white space often.
    const char = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.constantFrom(...TRIMMED_BY_JS),
    );
    const storable = fc.string({ unit: char, maxLength: 12 }).filter((s) => !/[\0\p{Cs}]/u.test(s));
    await fc.assert(
      fc.asyncProperty(fc.array(storable, { minLength: 1, maxLength: 200 }), async (names) => {
        expect(await maskedInSql(names)).toEqual(names.map(maskUsername));
      }),
      { numRuns: 40 },
    );
  });
});
