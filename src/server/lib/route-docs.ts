import { errorBody } from '../../contract/common';

/** The `{ error, code }` body for each status a route can refuse with, for OpenAPI and serialisation. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBody]));

/** Routes that need the bearer token. */
export const signedIn = { security: [{ bearer: [] }] };

/** Every admin route: listed under one tag, and refused to visitors (401) and members (403). */
export const adminDocs = { tags: ['admin'], ...signedIn };
export const adminErrors = (...statuses: number[]) => errorResponses(401, 403, ...statuses);
