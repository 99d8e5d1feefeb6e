import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authHeader, createUser } from '../../tests/factories';
import { buildTestApp } from '../../tests/helpers/app';
import { rawInject } from '../../tests/helpers/inject';
import { operationOf, operationsOf, type Schema, servedDescription } from '../../tests/helpers/openapi';
import { membersApi } from '../contract/members-api';
import { prizesApi } from '../contract/prizes-api';
import { winsApi } from '../contract/wins';

/** Every endpoint of the contract, by the operationId the description knows it by. */
const endpoints = new Map(
  Object.values(import.meta.glob<Record<string, unknown>>('../contract/*.ts', { eager: true })).flatMap(
    (module) =>
      Object.values(module)
        .filter(
          (group): group is Record<string, { operationId?: string; body?: z.ZodType; query?: z.ZodObject }> =>
            Boolean(group && typeof group === 'object' && !('_zod' in group)),
        )
        .flatMap((group) => Object.values(group))
        .filter((ep) => typeof ep?.operationId === 'string')
        .map((ep) => [ep.operationId!, ep]),
  ),
);

type Def = {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  element?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault'];

/**
 * Each field of a body, at any depth (objects, the branches of a union, a list's items), as the
 * description and the server's zod schema each state it.
 */
function* fieldsOf(json: Schema, server: z.ZodType, at = 'body'): Generator<[string, Schema, z.ZodType]> {
  yield [at, json, server];
  let inner = server;
  while (WRAPPERS.includes(defOf(inner).type)) inner = defOf(inner).innerType!;
  const def = defOf(inner);
  const branches = json.anyOf ?? json.oneOf;
  const notNull = branches?.filter((b) => b.type !== 'null');
  const schema = notNull?.length === 1 && def.type !== 'union' ? notNull[0]! : json;
  if (def.type === 'object' && schema.properties)
    for (const [name, property] of Object.entries(schema.properties))
      if (def.shape?.[name]) yield* fieldsOf(property, def.shape[name], `${at}.${name}`);
  if (def.type === 'union' && def.options?.length === branches?.length)
    for (const [i, option] of def.options!.entries()) yield* fieldsOf(branches![i]!, option, `${at}|${i}`);
  if (def.type === 'array' && schema.items && def.element)
    yield* fieldsOf(schema.items, def.element, `${at}[]`);
}

/** Values a client might send in one field: good ones, and each way of getting one wrong. */
function candidates(schema: Schema): unknown[] {
  const texts = [
    '',
    ' ',
    'x',
    'abcd',
    'abcde',
    'Ann Smith',
    'a <b> c',
    'tab\there',
    'nul\u0000x',
    'line\nbreak',
  ];
  const formatted = [
    'ann@example.com',
    'not-an-email',
    '2026-11-01',
    '1899-12-31',
    '1999-01-01',
    '2101-01-01',
    '2026-02-30',
    '2026-11-01T10:00:00Z',
    '2026-11-01T10:00:00+01:00',
    randomUUID(),
    'not-a-uuid',
    'https://example.com/x',
    'http://example.com/x',
    'https://example.com/play?u={userId}',
    '12-34-56',
    '1234567',
    '12345678',
    'SW1A 1AA',
    '+44 20 7946 0000',
    'A'.repeat(22),
    'A'.repeat(87),
    `${'A'.repeat(86)}==`,
    '123456',
  ];
  const lengths = [schema.minLength, schema.maxLength]
    .filter((n): n is number => n !== undefined)
    .flatMap((n) => [n - 1, n, n + 1].filter((m) => m >= 0).map((m) => 'x'.repeat(m)));
  const numbers = [0, -1, 1, 0.5, 0.07, 1.005, 5.5, 20, 99.99, 100, 1000, 10_000, 10_001, 1e6, 1e6 + 1, 1e9];
  return [
    ...texts,
    ...formatted,
    ...lengths,
    ...(schema.enum ?? []),
    'nope',
    ...numbers,
    ...numbers.map((n) => -n),
    true,
    false,
    null,
    [],
    [randomUUID()],
    ['same', 'same'].map(() => '00000000-0000-4000-8000-000000000000'),
    {},
  ];
}

/**
 * What the server's schema step refuses is what the served description refuses (DESIGN §16): for
 * every field of every body the contract checks, the field's schema in the description (read by a
 * JSON Schema validator that knows nothing of zod) and the zod schema the server validates with give
 * the same verdict on each value a client might send. A value the description lets through and the
 * server refuses would be a surprise 400. Rules across fields are the description's `anyOf`,
 * `minProperties` or words, checked on their own below.
 */
describe('the description’s request schemas', () => {
  it('refuse each field’s value exactly when the server’s schema does', async () => {
    const t = await buildTestApp();
    const doc = await servedDescription(t);
    const ajv = new Ajv2020({ strict: false, multipleOfPrecision: 9 });
    addFormats(ajv);
    const found: string[] = [];
    let compared = 0;
    // A query's values arrive as text, which a validator reading the description coerces as the server does.
    const coercing = new Ajv2020({ strict: false, coerceTypes: true });
    addFormats(coercing);
    const compare = (
      where: string,
      said: (value: unknown) => boolean,
      server: z.ZodType,
      values: unknown[],
    ) => {
      for (const value of values) {
        compared++;
        const described = said(value);
        if (described !== server.safeParse(value).success)
          found.push(
            `${where}: ${JSON.stringify(value)} ${described ? 'described but refused' : 'refused by the description alone'}`,
          );
      }
    };
    for (const { method, path, op } of operationsOf(doc)) {
      const spec = endpoints.get(op.operationId ?? '');
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body && spec?.body)
        for (const [field, schema, server] of fieldsOf(body, spec.body))
          compare(`${method} ${path} ${field}`, ajv.compile(schema), server, candidates(schema));
      for (const { name, schema } of op.parameters?.filter((p) => p.in === 'query') ?? []) {
        const server = spec?.query?.shape[name];
        if (!schema || !server) continue;
        const check = coercing.compile({ type: 'object', properties: { [name]: schema } });
        const texts = [
          ...new Set(
            candidates(schema)
              .filter((v) => v !== null && typeof v !== 'object')
              .map(String),
          ),
        ];
        compare(`${method} ${path} ?${name}`, (value) => check({ [name]: value }), server, texts);
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    expect(found).toEqual([]);
  });

  it('state the rules across fields, and the server refuses what they refuse with its own words', async () => {
    const t = await buildTestApp();
    const doc = await servedDescription(t);
    const staff = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await createUser(t.db);
    const ajv = new Ajv2020({ strict: false, multipleOfPrecision: 9 });
    addFormats(ajv);
    const adjust = operationOf(doc, membersApi.adjust)?.requestBody?.content?.['application/json'];
    const described = ajv.compile(adjust!.schema!);
    const send = (body: object) =>
      rawInject(t, membersApi.adjust, { params: { id: member.id }, headers: staff, payload: body });
    for (const [body, error] of [
      [{ account: 'entries', amount: 5, reason: 'abcd' }, 'Reason must be at least 5 characters'],
      [{ account: 'entries', amount: 1.5, reason: 'Goodwill' }, 'Enter a whole number of entries'],
      [{ account: 'cash', amount: 1.005, reason: 'Goodwill' }, 'Enter pounds and pence'],
      [{ account: 'cash', amount: 10_001, reason: 'Goodwill' }, 'Enter pounds and pence'],
      [{ account: 'entries', amount: 0, reason: 'Goodwill' }, 'Enter a whole number of entries'],
    ] as const) {
      expect(described(body), JSON.stringify(body)).toBe(false);
      const res = await send(body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([400, 'validation_failed']);
      expect(res.json().error).toContain(error);
    }
    expect(described({ account: 'cash', amount: -2.25, reason: 'Goodwill' })).toBe(true);
    expect(described({ account: 'entries', amount: 1500, reason: 'Goodwill' })).toBe(true);
    // Updates send at least one field; a claim, its payout or its address.
    const update = operationOf(doc, prizesApi.update)?.requestBody?.content?.['application/json']?.schema;
    expect(ajv.compile(update!)({})).toBe(false);
    const claim = operationOf(doc, winsApi.claim)?.requestBody?.content?.['application/json'];
    expect(ajv.compile(claim!.schema!)({ fullName: 'Ann Smith', dateOfBirth: '1990-01-01' })).toBe(false);
  });
});
