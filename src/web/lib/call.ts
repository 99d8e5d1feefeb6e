import { type EndpointSpec, type Input, type Output, urlOf } from '../../contract/endpoint';
import { api } from './api-client';

interface CallOptions {
  signal?: AbortSignal;
  /** More request headers: an Idempotency-Key, the device id. */
  headers?: Record<string, string>;
}

/**
 * Calls an endpoint as its definition in the contract says: the URL built from
 * its path and the input's params and query, its method, its body, and the
 * answer typed as it documents it. No page writes a URL of its own.
 */
export function call<E extends EndpointSpec>(
  spec: E,
  ...[input, options]: Partial<Input<E>> extends Input<E>
    ? [Input<E>?, CallOptions?]
    : [Input<E>, CallOptions?]
): Promise<Output<E>> {
  const given = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  return api<Output<E>>(urlOf(spec, given), {
    method: spec.method,
    body: given.body,
    signal: options?.signal,
    headers: options?.headers,
  });
}
