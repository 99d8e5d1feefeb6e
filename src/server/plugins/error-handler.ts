import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDatabaseAway, isDataException, isLockTimeout } from '../lib/app-error';

const CLIENT_ERROR_TEXT: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its length',
};

const UNAVAILABLE = {
  error: 'We cannot reach our database for a moment. Please try again shortly.',
  code: 'unavailable',
};
const BUSY = {
  error: 'Too many changes to the same thing at once. Please try again in a moment.',
  code: 'busy',
};
const INTERNAL = { error: 'Something went wrong on our side. Please try again.', code: 'internal' };

/** Errors Fastify raises before routing (a malformed URL, say), in our `{ error, code }` shape. */
export const frameworkErrorBody = (err: FastifyError) => ({
  error: CLIENT_ERROR_TEXT[err.code] ?? err.message,
  code: err.code,
});

/**
 * One place turns every failure into `{ error, code }`: our AppErrors as they
 * are, schema failures as 400 with the first issue's text (404 for a path that
 * names nothing), other client errors with their status; anything on our side
 * is logged and answered with a bare 500 that reveals nothing. A 503 AppError
 * is an outage we foresaw (a provider down), written for people, so it keeps its text;
 * so is the database being away: a 503 that asks to try again.
 */
export function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError && (err.status < 500 || err.status === 503)) {
      return reply
        .status(err.status)
        .send({ ...err.fields, error: err.message, code: err.code, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message,
      }));
      const first = issues[0];
      // Path parameters are ids: one that cannot be ours names nothing, the same as one that is unknown.
      if (err.validationContext === 'params') {
        return reply.status(404).send({ error: first?.message ?? 'Not found', code: 'not_found' });
      }
      const where = err.validationContext === 'body' ? '' : ` (${err.validationContext})`;
      return reply.status(400).send({
        error: first ? `${first.message}${where}` : 'Invalid request',
        code: 'validation_failed',
        details: issues,
      });
    }
    if (isDataException(err)) {
      // The contract should have refused it already; a value the database cannot store is still the client's input.
      request.log.warn({ err }, 'database refused a value');
      return reply
        .status(400)
        .send({ error: 'The request contains a value that cannot be stored', code: 'invalid_value' });
    }
    if (isDatabaseAway(err)) {
      request.log.warn({ err: err.message }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(UNAVAILABLE);
    }
    if (isLockTimeout(err)) {
      request.log.warn({ err: err.message }, 'lock wait timed out');
      return reply.status(503).header('retry-after', '1').send(BUSY);
    }
    const status = err instanceof AppError ? err.status : (err.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      return reply.status(status).send(frameworkErrorBody(err));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(status >= 500 ? status : 500).send(INTERNAL);
  });
}
