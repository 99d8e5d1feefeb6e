import type { APIRequestContext } from '@playwright/test';
import { type EndpointSpec, type Input, urlOf } from '../../src/contract/endpoint';

// How the specs reach the API for their set-up and watch the page's calls: by the endpoints' definitions,
// as the web app does (web/lib/call.ts), so no spec writes an API address of its own.

type Given<E extends EndpointSpec> = Input<E> & {
  headers?: Record<string, string>;
  /** Another site's origin than the one the request context is for (its baseURL). */
  site?: string;
};

/** Calls an endpoint as its definition says: its method, the URL from its path and params, the body as JSON. */
export function callApi<E extends EndpointSpec>(
  request: APIRequestContext,
  spec: E,
  ...[input]: Partial<Input<E>> extends Input<E> ? [Given<E>?] : [Given<E>]
) {
  const given = (input ?? {}) as { params?: object; query?: object; body?: unknown } & Given<E>;
  return request.fetch(`${given.site ?? ''}${urlOf(spec, given)}`, {
    method: spec.method,
    headers: given.headers,
    ...(given.body !== undefined && { data: given.body }),
  });
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a URL (a request's, a route's) calls one of the endpoints, whatever its params and query: for
 * page.route, page.waitForResponse and a page's request listeners.
 */
export function callsTo(...specs: Array<Pick<EndpointSpec, 'path'>>) {
  const paths = specs.map((spec) => new RegExp(`^${spec.path.split(/:\w+/).map(literally).join('[^/]+')}$`));
  return (url: URL | string) => {
    const { pathname } = typeof url === 'string' ? new URL(url) : url;
    return paths.some((path) => path.test(pathname));
  };
}

/**
 * A page's address (web/config/paths.ts) as toHaveURL matches it on any of the sites: the URL ends with
 * it, or, `partly`, holds it, a query or an id after it, say.
 */
export const pageAddress = (path: string, { partly = false } = {}) =>
  new RegExp(`${literally(path)}${partly ? '' : '$'}`);
