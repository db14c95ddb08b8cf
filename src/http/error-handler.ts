import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '../domain/errors.ts';

export interface ErrorBody {
  status: 'error';
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

// Fastify's own client errors, mapped onto our stable codes.
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_VALIDATION: 'validation_failed',
};

function body(code: string, message: string, details?: Record<string, unknown>): ErrorBody {
  return details ? { status: 'error', code, message, details } : { status: 'error', code, message };
}

/** One error shape for every 4xx/5xx: { status: "error", code, message, details? }. 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        location: err.validationContext ?? 'request',
        path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.'),
        message: v.message ?? 'invalid value',
      }));
      const where = issues.map((i) => `${i.location}${i.path ? `.${i.path}` : ''}: ${i.message}`).join('; ');
      return reply.status(400).send(body('validation_failed', `Invalid request: ${where}`, { issues }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
      return reply.status(500).send(body('internal_error', 'Internal server error.'));
    }
    const code = err.code ? fastifyCodes[err.code] : undefined;
    if (code) {
      return reply.status(err.statusCode ?? 400).send(body(code, err.message));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(body('rate_limited', err.message));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(body('bad_request', err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal_error', 'Internal server error.'));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(body('route_not_found', `No route ${req.method} ${req.url.split('?')[0]}.`));
  });
}
