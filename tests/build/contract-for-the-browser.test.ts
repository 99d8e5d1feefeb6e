import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachesZod, splitImport, valuesModule } from '../../scripts/contract-for-the-browser';
import * as rules from '../../src/contract/gamification-rules';
import * as prizes from '../../src/contract/prizes-api';

const contract = (name: string) => resolve(import.meta.dirname, `../../src/contract/${name}.ts`);

describe('the contract as the browser gets it', () => {
  it('knows which modules bring zod, directly or through another', () => {
    expect(reachesZod(contract('auth'))).toBe(true);
    expect(reachesZod(contract('prizes-api'))).toBe(true);
    expect(reachesZod(contract('constants'))).toBe(false);
    expect(reachesZod(contract('gamification-rules'))).toBe(false);
  });

  it('gives endpoints as method and path, with none of their schemas', () => {
    const code = valuesModule({ ...prizes });
    const { method, path } = prizes.prizesApi.list;
    expect(code).toContain(`export const prizesApi = {"list":${JSON.stringify({ method, path })}`);
    expect(code).not.toMatch(/responses|zod|_zod/);
  });

  it('gives constants as they are, and leaves out schemas and functions', () => {
    const code = valuesModule({ ...rules, schema: prizes.prizesApi.list.responses[200], helper: () => 1 });
    expect(code).toContain(`export const ADS_PER_SPIN = ${rules.ADS_PER_SPIN};`);
    expect(code).not.toContain('schema');
    expect(code).not.toContain('helper');
  });

  it('splits an import: values and types from the values, the rest from the module', () => {
    const isValue = (name: string) => name === 'authApi';
    expect(splitImport('import', ' authApi, loginBody as body, type Me ', '../contract/auth', isValue)).toBe(
      "import { authApi, type Me } from '../contract/auth?values'; import { loginBody as body } from '../contract/auth';",
    );
    expect(splitImport('export', 'authApi', '../contract/auth', isValue)).toBe(
      "export { authApi } from '../contract/auth?values';",
    );
  });
});
