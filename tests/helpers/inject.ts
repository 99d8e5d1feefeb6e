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
