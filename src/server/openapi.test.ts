import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { lintWithRedocly } from '../../scripts/redocly';
import { authHeader, createPrize, createUser } from '../../tests/factories';
import { buildTestApp } from '../../tests/helpers/app';
import { apiPath } from '../../tests/helpers/inject';
import { operationsOf, type Schema, servedDescription } from '../../tests/helpers/openapi';
import { api, endpoint } from '../contract/endpoint';
import { register } from './plugins/register';
import { seedSampleData } from './start-up/seed';

/** A value the schema accepts as far as its shape goes: what a client reading only the description would send. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((k) => [k, sample(schema.properties?.[k])]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'sampled@example.com';
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 8));
    default:
      return undefined;
  }
}

/**
 * Every operation the served OpenAPI description lists, called as a client
 * reading only that description would call it: as a visitor, a member and
 * staff; with path ids that exist, that do not, and that are not ids; with no
 * body, an empty one, a sampled one and one of the wrong type. No answer may
 * be a failure of ours (5xx), and every status must be one the description
 * lists for that operation (each route's body is checked against its
 * definition by the test app itself, tests/helpers/answers.ts).
 */
describe('the OpenAPI description', () => {
  it('documents every status each operation answers, and none answers 5xx', async () => {
    const t = await buildTestApp();
    // A site with things in it, so answers carry lists and their optional fields, nulls included.
    await seedSampleData(t.db, t.clock, undefined);
    const member = await createUser(t.db, { entries: 50 });
    const staff = await createUser(t.db, { role: 'owner' });
    const prize = await createPrize(t.db, t.clock.now());
    const identities = {
      visitor: {},
      member: await authHeader(t.db, member.id),
      staff: await authHeader(t.db, staff.id),
    };
    const doc = await servedDescription(t);
    expect(doc.openapi).toBe('3.1.0');
    // The description's own schemas, read as JSON Schema 2020-12 by a validator that knows nothing of zod.
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components ?? {} });
    const checkerOf = (schema: object) =>
      ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components')));
    const found: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const documented = Object.keys(op.responses);
        const ids = [prize.id, member.id, randomUUID(), 'not-an-id'];
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const bodies: Array<unknown> = bodySchema ? [undefined, {}, sample(bodySchema), 'text'] : [undefined];
        const query = new URLSearchParams();
        for (const p of op.parameters ?? [])
          if (p.in === 'query' && p.required) query.set(p.name, String(sample(p.schema)));
        for (const id of path.includes('{') ? ids : [undefined]) {
          const url = `${path.replace(/\{[^}]+\}/g, id ?? '')}${query.size ? `?${query}` : ''}`;
          for (const [who, headers] of Object.entries(identities)) {
            for (const body of bodies) {
              const res = await t.app.inject({
                method: method.toUpperCase() as 'GET',
                url,
                headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
                ...(body !== undefined && { payload: JSON.stringify(body) }),
              });
              sent++;
              const status = String(res.statusCode);
              const where = `${method.toUpperCase()} ${url} as ${who}: ${status}`;
              if (res.statusCode >= 500 || !documented.includes(status)) {
                found.push(`${where} ${res.body.slice(0, 120)}`);
                continue;
              }
              // A success or a redirect is sent as the content type it documents (a 304 has no body).
              const content = op.responses[status]?.content ?? {};
              const type = String(res.headers['content-type'] ?? '').split(';')[0]!;
              if (res.statusCode < 400 && res.statusCode !== 304 && !(type in content))
                found.push(`${where} sent ${type || 'no content type'}, documents ${Object.keys(content)}`);
              const json = content['application/json']?.schema;
              if (json && String(res.headers['content-type']).startsWith('application/json')) {
                const check = checkerOf(json);
                if (!check(res.json()))
                  found.push(`${where} off its schema: ${ajv.errorsText(check.errors)}`);
              }
            }
          }
        }
      }
    }
    console.log(`sent ${sent} requests to ${Object.keys(doc.paths).length} paths`);
    expect(sent).toBeGreaterThan(500);
    expect(found).toEqual([]);
  }, 120_000);

  it('names and summarises every operation, and says who may call it', async () => {
    const t = await buildTestApp();
    const operations = operationsOf(await servedDescription(t));
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => id && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, op } of operations) {
      expect(op.summary, `${method} ${path}`).toMatch(/^\S.{3,90}$/);
      expect(op.security, `${method} ${path}`).toBeDefined();
    }
    // A definition without a summary does not compile, nor does registering one no group has named.
    const bare = { method: 'GET', path: apiPath('/nothing'), auth: 'none', tags: [], responses: {} } as const;
    // @ts-expect-error: the summary is required
    endpoint(bare);
    const named = api('nothing', { here: endpoint({ ...bare, summary: 'Nothing here' }) });
    expect(named.here.operationId).toBe('nothingHere');
    const unnamed = endpoint({ ...bare, summary: 'Nothing here' });
    // @ts-expect-error: only a named endpoint is registered
    const registering = () => register(t.app, null as never, unnamed, () => undefined);
    expect(registering).toBeTypeOf('function');
    // Public reads and sign-ins need no token, and say so.
    const publicOnes = operations.filter(({ op }) => op.security?.length === 0).map((o) => o.op.operationId);
    expect(publicOnes).toEqual(expect.arrayContaining(['prizesList', 'authLogin', 'offersPostbackGet']));
  });

  it('has no error by Redocly’s recommended rules', async () => {
    const t = await buildTestApp();
    const { errors } = await lintWithRedocly(await servedDescription(t));
    expect(errors.map((e) => `${e.ruleId} at ${e.location[0]?.pointer}: ${e.message}`)).toEqual([]);
  }, 60_000);
});
