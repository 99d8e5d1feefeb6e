import type { onSendHookHandler } from 'fastify';
import { errorBody } from '../../src/contract/common';
import { isRaw } from '../../src/contract/endpoint';
import { refusalsOf } from '../../src/server/plugins/register';

/**
 * Checks every answer of a route registered from its definition against that
 * definition before it is sent: the status must be one it documents, and a
 * JSON body must match that status's schema. What does not is recorded in
 * `found`, which each test's end asserts is empty (tests/helpers/app.ts): so
 * the OpenAPI description, made from the same definitions, stays true.
 */
export function answersChecked(found: string[]): onSendHookHandler {
  return (request, reply, payload, done) => {
    const spec = request.routeOptions.config.endpoint;
    if (!spec) return done(null, payload);
    const status = reply.statusCode;
    const where = `${spec.method} ${spec.path} answered ${status}`;
    const answer = spec.responses[status];
    // A failure on our side (the database away, say) is the test's to see, not the definition's.
    if (status >= 500) return done(null, payload);
    if (status === 304 && spec.kept) return done(null, payload);
    if (answer === undefined && !refusalsOf(spec).includes(status)) {
      found.push(`${where}, which it does not document`);
      return done(null, payload);
    }
    if (answer !== undefined && isRaw(answer)) return done(null, payload);
    if (typeof payload !== 'string') return done(null, payload);
    const body = payload === '' ? undefined : JSON.parse(payload);
    const parsed = (answer ?? errorBody).safeParse(body);
    if (!parsed.success) found.push(`${where} off its schema: ${parsed.error.issues[0]?.message}`);
    done(null, payload);
  };
}
