import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/unavailable.ts';
import { databaseUnavailable } from './metrics/registry.ts';

/** An error whose status and message are safe to show the client. */
export class HttpError extends Error {
  statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/json or application/x-www-form-urlencoded.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/**
 * The API's one error handler: client mistakes become 4xx `{ error }` with a clear message;
 * a database that cannot be reached is a 503 (Retry-After); anything else is logged and
 * answered as a 500 whose details stay on the server.
 */
export function installErrorHandling(api: FastifyInstance): void {
  api.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const what = err.validationContext === 'querystring' ? 'query string' : (err.validationContext ?? 'request');
      return reply
        .code(400)
        .send({ error: `Invalid ${what}${where ? ` (${where})` : ''}: ${first?.message ?? 'not accepted'}.`.replace('..', '.') });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 400 && err instanceof SyntaxError) return reply.code(400).send({ error: FRIENDLY.FST_ERR_CTP_INVALID_JSON_BODY });
      return reply.code(status).send({ error: FRIENDLY[err.code] ?? err.message });
    }
    // A server-side refusal whose message was written for the client (e.g. the media process is down: 503).
    if (err instanceof HttpError) {
      if (status === 503) reply.header('retry-after', '5');
      return reply.code(status).send({ error: err.message });
    }
    if (isDatabaseUnavailable(err)) {
      databaseUnavailable.inc();
      req.log.warn({ code: (err as { code?: unknown }).code, message: err.message }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again later.' });
  });

  api.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: `No API route for ${req.method} ${req.url.split('?')[0]}.` });
  });
}
