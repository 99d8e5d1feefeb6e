import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) yield path;
  }
}

describe('test helpers', () => {
  // Workers keep their modules from one test file to the next (vitest.config.ts): a hook registered at a
  // helper's top level would run for the first file that imports it and never again.
  it('register no hook at their top level; they clean up per test or in a setup file', () => {
    const helpers = [...files(join(root, 'tests')), ...files(join(root, 'src'))].filter(
      (f) => f.includes(`${join('tests', 'helpers')}`) || f.includes('test-setup') || f.includes('support'),
    );
    expect(helpers.length).toBeGreaterThan(5);
    const offenders = helpers.filter((f) =>
      /^(afterEach|beforeEach|afterAll|beforeAll)\(/m.test(readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
  });
});
