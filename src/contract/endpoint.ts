import type { z } from 'zod';
import type { StaffPermission } from './staff';

/**
 * One API call, defined once (DESIGN §14): its method and whole path, what it
 * takes, what it answers, who may call it and what a success makes stale. The
 * server registers it (server/lib/register.ts), the web app calls it
 * (web/lib/call.ts) and the tests inject it (tests/helpers/inject.ts), so a
 * URL is written here only and an answer is typed here only.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone (`none`); anyone, the member known when signed in
 * (`optional`); a signed-in member (`member`); a signed-in member who is not
 * staff, for the calls that play: entering, earning, spinning (`player`,
 * DESIGN §12); or staff whose role holds a permission (contract/staff.ts),
 * signed in with a second factor, given in the last 15 minutes for the
 * dangerous calls (`recent`: corrections, odds, roles, payouts).
 */
export type Auth = 'none' | 'optional' | 'member' | 'player' | { staff: StaffPermission; recent?: true };

/** An answer that is not JSON: a file, a stream of events, or plain text, named by its content type. */
export interface RawAnswer {
  raw: 'text/csv' | 'text/event-stream' | 'text/plain';
  description: string;
}

export type Answer = z.ZodType | RawAnswer;

/**
 * The reads the server keeps for a few seconds (server/lib/read-cache/), by what they show: the prize
 * list and pages, the winners lists, the leaderboards with members' positions, the wheel's odds, the
 * transparency page's figures; and `sessions`, as a member's position is kept for the session that
 * asked, which a call ending sessions makes stale.
 */
export const KEPT_READS = ['prizes', 'winners', 'leaderboard', 'wheel', 'sessions', 'transparency'] as const;
export type KeptRead = (typeof KEPT_READS)[number];

/** Where every API path begins: the server mounts the features under it (server/app.ts). */
export const API_PREFIX = '/api';
/** A whole API path: one under API_PREFIX. */
export type ApiPath = `${typeof API_PREFIX}/${string}`;

export interface EndpointSpec {
  method: Method;
  /** The whole path, with `:name` for each parameter in `params`. */
  path: ApiPath;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers it reads (an Idempotency-Key), checked like the rest. */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** Each success status and what it answers. */
  responses: { [status: number]: Answer };
  /**
   * The refusals it can answer, each as `{ error, code }`: 400 for a bad body or query is added when
   * there is one to check (with 413 and 415 for a body too large or not JSON), 404 when there are
   * params, 401 and 403 when auth asks for them.
   */
  errors?: readonly number[];
  auth: Auth;
  /** What a visitor is told when a member's call is refused to them (SPEC's words, e.g. 'Please login to enter'). */
  signInText?: string;
  /**
   * A call a suspended member may still make in their restricted session (DESIGN §19): who they are,
   * their standing and appeal, their messages, their data, signing out. Any other answers 403 `suspended`.
   */
  whileSuspended?: true;
  /**
   * A read the server keeps and sends with an ETag (server/lib/read-cache/): a client already holding
   * it (If-None-Match) is answered 304 with no body.
   */
  kept?: true;
  /**
   * The kept reads a success may change, read afresh once it has answered: entries earned move the
   * leaderboards, an entry a prize's totals, a draw its winners. A call naming none changes nothing
   * anyone else reads from the cache.
   */
  writes?: readonly KeptRead[];
  tags: readonly string[];
  /** What it does, in a line: the description lists operations by it. */
  summary: string;
  description?: string;
}

export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

/**
 * An endpoint as its group names it: `operationId` is the group's name and the endpoint's key
 * (`approvalsApi.approve` is `approvalsApprove`), unique while group names are, and unchanged while
 * the key is. Only a named endpoint can be registered, so none reaches the description unnamed.
 */
export type Operation = EndpointSpec & { operationId: string };

/** A feature's endpoints (`<group>Api`), each named by its group and key. */
export function api<const T extends Record<string, EndpointSpec>>(group: string, endpoints: T) {
  return Object.fromEntries(
    Object.entries(endpoints).map(([key, spec]) => [
      key,
      { ...spec, operationId: `${group}${key.charAt(0).toUpperCase()}${key.slice(1)}` },
    ]),
  ) as { [K in keyof T]: T[K] & { operationId: string } };
}

type SchemaOf<T> = T extends z.ZodType ? T : never;
type Maybe<T, K extends string> = T extends z.ZodType ? { [P in K]: z.input<T> } : { [P in K]?: never };

/** What a caller gives an endpoint: its path parameters, query and body, each as the contract takes them. */
export type Input<E extends EndpointSpec> = Maybe<E['params'], 'params'> &
  Partial<Maybe<E['query'], 'query'>> &
  Maybe<E['body'], 'body'>;

/** The statuses an endpoint succeeds with. */
export type SuccessStatus<E extends EndpointSpec> = keyof E['responses'] & number;

/** What an endpoint answers on success (the first success it documents, for a JSON answer). */
export type Output<E extends EndpointSpec> = z.output<SchemaOf<E['responses'][SuccessStatus<E>]>>;

/** The path with its parameters filled in, and the query after it, as a request sends it. */
export function urlOf(spec: Pick<EndpointSpec, 'path'>, input: { params?: object; query?: object } = {}) {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = spec.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${spec.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const isRaw = (answer: Answer): answer is RawAnswer => 'raw' in answer;
