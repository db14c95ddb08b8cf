import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RDAP_MEDIA_TYPE, rdapError } from '../../domain/rdap.ts';
import { describeError } from '../../http/error-handler.ts';

// RFC 7480 and 9083: an RDAP client reads every answer, refusals included, as application/rdap+json
// with RDAP's error object. So the RDAP plugin answers its own errors and unknown paths under /rdap
// with these; the rest of the API keeps `{status: "error", code, message}`.

function send(reply: FastifyReply, status: number, description: string) {
  return reply
    .status(status)
    .type(RDAP_MEDIA_TYPE)
    .send(rdapError(status, STATUS_CODES[status] ?? 'Error', description));
}

/**
 * Every error of an RDAP route, from the rate limit on: the status describeError decides (a bad name or
 * request 400, an unknown one 404, 5xx details only in the log), in RDAP's error object.
 */
export function rdapErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const e = describeError(err, req);
  if (e.headers) reply.headers(e.headers);
  return send(reply, e.statusCode, e.message);
}

/** RFC 9082 query types this server does not offer: 501, so a client knows not to retry. */
const unsupported = new Set(['nameserver', 'entity', 'autnum', 'ip', 'domains', 'nameservers', 'entities']);
/** The paths the RDAP plugin serves (routes/rdap.ts), all read-only. */
const served = /^\/rdap\/(help|domain\/[^/]+)\/?$/;

/** Unknown paths and methods under /rdap: 405 on a served path, 501 for a query type we do not offer, else 404. */
export function rdapNotFound(req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?')[0] ?? '/';
  if (req.method !== 'GET' && req.method !== 'HEAD' && served.test(path)) {
    reply.header('allow', 'GET, HEAD');
    return send(reply, 405, `${req.method} is not allowed on ${path}: RDAP is read-only; use GET or HEAD.`);
  }
  const type = path.split('/')[2] ?? '';
  if (unsupported.has(type))
    return send(reply, 501, `Only domain lookups (/rdap/domain/<name>) are offered; ${type} queries are not.`);
  return send(reply, 404, `No RDAP resource at ${path}; see /rdap/help.`);
}
