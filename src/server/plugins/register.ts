import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBody } from '../../contract/common';
import {
  type Answer,
  type Auth,
  type EndpointSpec,
  isRaw,
  type Operation,
  type Output,
  type SuccessStatus,
} from '../../contract/endpoint';
import type { AppContext } from '../context';
import type { ActingMember } from '../lib/acting-member';
import type { RateLimit } from '../rate-limits';
import { guards } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The definition a route was registered from (register), for whatever checks its answers. */
    endpoint?: EndpointSpec;
  }
}

/** What a kept read answers a client that holds it already: 304, no body. */
const NOT_MODIFIED = z.null().describe('Not modified: the copy sent with this ETag is current; no body');

/** The refusals an endpoint can answer besides its own: those its input checks and its auth imply. */
export function refusalsOf(spec: EndpointSpec): number[] {
  const statuses = new Set(spec.errors ?? []);
  if (spec.body || spec.query || spec.headers) statuses.add(400);
  // A body too large, not JSON or not parsed as JSON is refused before the route sees it, whether or
  // not the call takes one: a client may send one with any call but a GET.
  if (spec.body || spec.method !== 'GET') statuses.add(400).add(413).add(415);
  if (spec.params) statuses.add(404);
  if (spec.auth === 'member' || spec.auth === 'player') statuses.add(401).add(403);
  if (typeof spec.auth === 'object') statuses.add(401).add(403);
  // The database away for a moment, or a change that waited too long on another (plugins/error-handler.ts).
  statuses.add(503);
  return [...statuses].sort();
}

/** An answer as Fastify's schema takes it: a zod schema, or a content type with its description. */
const documented = (answer: Answer) =>
  isRaw(answer)
    ? { description: answer.description, content: { [answer.raw]: { schema: z.string() } } }
    : answer;

/** The schema Fastify validates, serialises and describes (OpenAPI) with, all from the definition. */
export function routeSchema(spec: Operation) {
  const response: Record<number, unknown> = {};
  for (const [status, answer] of Object.entries(spec.responses))
    response[Number(status)] = documented(answer);
  if (spec.kept) response[304] = NOT_MODIFIED;
  for (const status of refusalsOf(spec)) response[status] = errorBody;
  return {
    tags: [...spec.tags],
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description && { description: spec.description }),
    security: securityOf(spec.auth),
    ...(spec.params && { params: spec.params }),
    ...(spec.query && { querystring: spec.query }),
    ...(spec.headers && { headers: spec.headers }),
    ...(spec.body && { body: spec.body }),
    response,
  };
}

/**
 * Who may call, as OpenAPI says it: nobody needs a token (`[]`); anyone, with or without one (`{}` or a
 * bearer); or a bearer token, whose roles (OpenAPI 3.1) are the staff permission it needs and
 * `recent-sign-in` for the calls that need a second factor in the last 15 minutes.
 */
function securityOf(auth: Auth): Array<Record<string, string[]>> {
  if (auth === 'none') return [];
  if (auth === 'optional') return [{}, { bearer: [] }];
  const scopes = typeof auth === 'object' ? [auth.staff, ...(auth.recent ? ['recent-sign-in'] : [])] : [];
  return [{ bearer: scopes }];
}

/** The member a guard let through, or null where none is needed. */
type MemberOf<A extends Auth> = A extends 'none' | 'optional' ? ActingMember | null : ActingMember;

/** What a handler is given: its input, parsed by the definition's schemas, and who is asking. */
export interface Call<E extends EndpointSpec> {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : undefined;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : undefined;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
  member: MemberOf<E['auth']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A JSON answer; or the reply itself, or nothing, when the handler sent the
 * answer (a file, a stream, a kept read answered without a promise).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: ReadCache.send answers Promise<void> once it has sent.
type HandlerResult<E extends EndpointSpec> = Output<E> | FastifyReply | undefined | void;

/**
 * Registers an endpoint on `app` (a feature's plugin, under whatever prefix it
 * was given) from its definition: the path, the schemas, the guard its auth
 * names, and the status of its first success. The handler's input and answer
 * are typed from the definition, so a route cannot drift from its contract.
 */
export function register<E extends Operation>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: E,
  handler: (call: Call<E>) => Promise<HandlerResult<E>> | HandlerResult<E>,
  options: {
    /** How often one address (or what keyGenerator names) may call it: the server's own limits, RATE_LIMIT_*. */
    rateLimit?: RateLimit & { keyGenerator?: (request: FastifyRequest) => string };
    /**
     * A member's call whose handler checks the session itself, after answering from what it keeps
     * (the leaderboard position, decision 010): documented as a member's, given no guard.
     */
    checksSessionItself?: true;
    /** A larger body than the server's default, for the one call that takes a file. */
    bodyLimit?: number;
  } = {},
) {
  if (!spec.path.startsWith(app.prefix))
    throw new Error(`${spec.method} ${spec.path} is registered under ${app.prefix}`);
  // The prefix's own path is '' under it, not '/': the route is then the path exactly, without a trailing slash.
  const url = spec.path.slice(app.prefix.length);
  const success = Number(Object.keys(spec.responses)[0]) as SuccessStatus<E>;
  const guard = options.checksSessionItself ? undefined : guardFor(ctx, spec);
  app.route({
    method: spec.method,
    url,
    schema: routeSchema(spec),
    ...(guard && { onRequest: guard }),
    ...(options.bodyLimit && { bodyLimit: options.bodyLimit }),
    config: {
      endpoint: spec,
      writes: spec.writes ?? [],
      ...(options.rateLimit && { rateLimit: options.rateLimit }),
    },
    // Not async: a kept public read is answered without a promise (lib/read-cache/).
    handler: (request, reply) => {
      if (success !== 200) reply.status(success);
      return handler({
        params: request.params,
        query: request.query,
        body: request.body,
        member: request.member,
        request,
        reply,
      } as Call<E>);
    },
  });
}

function guardFor(ctx: AppContext, { auth, signInText }: Pick<EndpointSpec, 'auth' | 'signInText'>) {
  const { requireUserSaying, requirePlayerSaying, requireStaff, optionalUser } = guards(ctx);
  if (auth === 'none') return undefined;
  if (auth === 'optional') return optionalUser;
  if (auth === 'member') return requireUserSaying(signInText);
  if (auth === 'player') return requirePlayerSaying(signInText);
  return requireStaff(auth.staff, auth.recent);
}
