import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Keeps the raw body of a JSON request beside its parsed value, for a route that checks a signature over
 * the exact bytes (a signed callback). Registered inside that route's own plugin, so no other route pays
 * for the copy.
 */
export function keepRawJsonBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    (request as FastifyRequest & { rawBody?: string }).rawBody = raw as string;
    try {
      done(null, JSON.parse(raw as string));
    } catch (err) {
      done(Object.assign(err as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
}

/** The raw body `keepRawJsonBody` kept ('' when none). */
export const rawBodyOf = (req: FastifyRequest): string => (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
