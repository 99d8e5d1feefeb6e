import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/**
 * The contract as the browser needs it. A module of the contract holds its endpoints, its rules and
 * its schemas side by side, and the endpoints name the schemas, so a page that only calls an endpoint
 * would carry zod and every schema of the module. In the browser a call needs an endpoint's method
 * and path only (web/lib/call.ts). So the build splits each import the web app makes from a contract
 * module that reaches zod: its endpoints and constants come from the module evaluated at build time,
 * as plain values (the endpoints as method and path); its schemas and functions from the module
 * itself, which then loads with the pages that use them (a form's page) and not with the first load.
 */
const CONTRACT = resolve(import.meta.dirname, '../src/contract');
const AS_VALUES = '?values';
const VIRTUAL = '\0contract-values:';

const RUNTIME_IMPORTS = /^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms;
/** An import or re-export of named bindings, as the formatter writes them. */
const NAMED_IMPORT = /^(import|export)\s+\{([^}]*)\}\s+from\s+'([^']+)';/gm;

/** Whether a module of the contract imports zod at run time, itself or through another. */
export function reachesZod(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  for (const [, from = ''] of readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORTS)) {
    if (from === 'zod' || from.startsWith('zod/')) return true;
    if (from.startsWith('.') && reachesZod(resolve(dirname(file), `${from}.ts`), seen)) return true;
  }
  return false;
}

const isEndpoint = (value: unknown): value is { method: string; path: string } =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/** Plain data: what JSON carries whole, with no schema or function inside. */
function isData(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isData);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as object).every(isData);
}

/** An export as a plain value for the browser: a group of endpoints as their methods and paths, data as it is. */
function asValue(value: unknown): unknown {
  const group = typeof value === 'object' && value !== null ? Object.entries(value) : [];
  if (group.length && group.every(([, e]) => isEndpoint(e)))
    return Object.fromEntries(group.map(([key, e]) => [key, { method: e.method, path: e.path }]));
  return isData(value) ? value : undefined;
}

/** The module of plain values for the names given. */
export function valuesModule(exports: Record<string, unknown>) {
  return Object.entries(exports)
    .map(([name, value]) => [name, asValue(value)] as const)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');
}

/**
 * One import statement split in two: the names that are plain values (and the types, which the
 * compiler drops) from the values module, the rest from the module itself. On one line, so the code
 * after it keeps its line numbers for the source map.
 */
export function splitImport(
  keyword: string,
  names: string,
  from: string,
  isValue: (name: string) => boolean,
) {
  const values: string[] = [];
  const rest: string[] = [];
  for (const part of names
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)) {
    const name = part.replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? part;
    (part.startsWith('type ') || isValue(name) ? values : rest).push(part);
  }
  const lines = [`${keyword} { ${values.join(', ')} } from '${from}${AS_VALUES}';`];
  if (rest.length) lines.push(`${keyword} { ${rest.join(', ')} } from '${from}';`);
  return lines.join(' ');
}

/** A function that answers each argument once. */
function remembered<T>(answer: (file: string) => T) {
  const known = new Map<string, T>();
  return (file: string) => {
    if (!known.has(file)) known.set(file, answer(file));
    return known.get(file) as T;
  };
}

export function contractForTheBrowser(): Plugin {
  const evaluate = remembered((file) => tsImport(file, import.meta.url) as Promise<Record<string, unknown>>);
  const heavy = remembered(reachesZod);
  return {
    name: 'contract-for-the-browser',
    apply: 'build',
    // Before Vite's own resolver and compiler, which would otherwise answer first.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith(AS_VALUES)) return null;
      const real = await this.resolve(source.slice(0, -AS_VALUES.length), importer, {
        ...options,
        skipSelf: true,
      });
      return real && { id: `${VIRTUAL}${real.id}`, moduleSideEffects: false };
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      return valuesModule(await evaluate(id.slice(VIRTUAL.length)));
    },
    async transform(code, id) {
      if (id.startsWith(CONTRACT) || id.includes('/node_modules/') || !/\.tsx?$/.test(id)) return null;
      let changed = false;
      let result = code;
      for (const [statement, keyword = '', names = '', from = ''] of code.matchAll(NAMED_IMPORT)) {
        const real = (await this.resolve(from, id))?.id;
        if (!real?.startsWith(`${CONTRACT}/`) || !heavy(real)) continue;
        const exports = await evaluate(real);
        const split = splitImport(keyword, names, from, (name) => asValue(exports[name]) !== undefined);
        result = result.replace(statement, split + '\n'.repeat(statement.split('\n').length - 1));
        changed = true;
      }
      return changed ? { code: result, map: null } : null;
    },
  };
}
