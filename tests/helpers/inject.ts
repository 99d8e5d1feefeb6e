import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { errorBody } from '../../src/contract/common';
import { type EndpointSpec, type Input, isRaw, type Output, urlOf } from '../../src/contract/endpoint';
import { refusalsOf } from '../../src/server/plugins/register';
import type { TestApp } from './app';

type Extra = Pick<InjectOptions, 'headers' | 'remoteAddress'>;

/**
 * Sends a request to an endpoint as its definition says, and checks the answer
 * against it: the status must be one it documents, and the body must match
 * that status's schema (a refusal, `{ error, code }`). So every test that
 * calls through here keeps the OpenAPI description true. `data` is the
 * success's body, typed.
 */
export async function inject<E extends EndpointSpec>(
  t: Pick<TestApp, 'app'>,
  spec: E,
  input: Input<E> & Extra = {} as Input<E> & Extra,
) {
  const given = input as { params?: object; query?: object; body?: unknown } & Extra;
  const res = await t.app.inject({
    method: spec.method,
    url: urlOf(spec, given),
    headers: given.headers,
    remoteAddress: given.remoteAddress,
    ...(given.body !== undefined && { payload: given.body as object }),
  });
  const answer = spec.responses[res.statusCode];
  const documented =
    answer !== undefined ||
    refusalsOf(spec).includes(res.statusCode) ||
    (res.statusCode === 304 && spec.kept === true);
  expect(
    documented,
    `${spec.method} ${spec.path} answered ${res.statusCode}, which it does not document: ${res.body}`,
  ).toBe(true);
  if (res.statusCode === 304) {
    // A kept read the client holds already: no body.
  } else if (answer === undefined) errorBody.parse(res.json());
  else if (!isRaw(answer)) {
    const parsed = answer.safeParse(res.json());
    expect(
      parsed.error,
      `${spec.method} ${spec.path} answered ${res.statusCode} off its schema`,
    ).toBeUndefined();
  }
  return Object.assign(res, {
    /** The success's body as the contract types it. */
    data: () => res.json() as Output<E>,
  });
}

type Verbatim = Record<string, string | number>;

/**
 * Sends to an endpoint exactly what a test gives, for what a client that breaks the contract sends: a
 * malformed body or id, another content type, a header left out, raw bytes. Nothing is typed or
 * encoded (a path parameter goes in as it is, so a test can send a malformed escape), and the answer
 * is not checked against the definition; only the method and path come from it. `query` as text is
 * sent as it is too, empty values and repeated names included.
 */
export function rawInject(
  t: Pick<TestApp, 'app'>,
  spec: Pick<EndpointSpec, 'method' | 'path'>,
  input: Extra & {
    params?: Verbatim;
    query?: Verbatim | string;
    payload?: InjectOptions['payload'];
    /** Another method than the definition's, to see it refused or answered by the framework (HEAD). */
    method?: InjectOptions['method'];
  } = {},
) {
  const path = spec.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${spec.path} needs ${name}`);
    return String(value);
  });
  const query =
    typeof input.query === 'string'
      ? input.query
      : new URLSearchParams(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({
    method: input.method ?? spec.method,
    url: query ? `${path}?${query}` : path,
    headers: input.headers,
    remoteAddress: input.remoteAddress,
    payload: input.payload,
  });
}

/**
 * A path under the API's root that is no endpoint's: an unknown one, to see it refused, or the prefix a
 * group of endpoints shares. Every endpoint's own path comes from its definition.
 */
export const apiPath = <R extends '' | `/${string}`>(rest: R) => `/api${rest}` as const;

/** An endpoint as a test's name gives it: `POST /…`, from its definition. */
export const named = (spec: Pick<EndpointSpec, 'method' | 'path'>) => `${spec.method} ${spec.path}`;
