import { ApprovalRequired } from '../mandates/approvals.ts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../domain/error-body.ts';
import { AppError, type ErrorCode } from '../domain/errors.ts';
import { escapeHtml, htmlPage } from '../pages/landing.ts';
import { DEPENDENCY_RETRY_AFTER_S, dependencyUnavailable } from './dependency-unavailable.ts';

// Fastify's own client errors, mapped onto our stable codes.
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation_failed',
  FST_ERR_VALIDATION: 'validation_failed',
};

export function errorBody(
  code: string,
  message: string,
  details?: Record<string, unknown>,
  fields?: Record<string, unknown>,
): ErrorBody {
  return { status: 'error', code, message, ...fields, ...(details ? { details } : {}) };
}

/** An error as we answer it, before it is put in an envelope. */
export interface DescribedError {
  statusCode: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Members the specification puts beside `code` (spec 7's floor error: `minimum`, `currency`). */
  fields?: Record<string, unknown>;
}

/**
 * Any error a route can raise as a stable code with its status: our AppErrors, request validation,
 * Fastify's own client errors, the rate limiter. Anything else is a 500 whose details stay in the log.
 */
export function describeError(err: FastifyError, req: { log: FastifyBaseLogger }): DescribedError {
  if (err instanceof AppError) {
    return {
      statusCode: err.statusCode,
      code: err.code,
      message: err.message,
      ...(err.details ? { details: err.details } : {}),
      ...(err.headers ? { headers: err.headers } : {}),
      ...(err.fields ? { fields: err.fields } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      location: err.validationContext ?? 'request',
      path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.'),
      message: v.message ?? 'invalid value',
    }));
    const where = issues.map((i) => `${i.location}${i.path ? `.${i.path}` : ''}: ${i.message}`).join('; ');
    return { statusCode: 400, code: 'validation_failed', message: `Invalid request: ${where}`, details: { issues } };
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
    return { statusCode: 500, code: 'internal_error', message: 'Internal server error.' };
  }
  const code = err.code ? fastifyCodes[err.code] : undefined;
  if (code) return { statusCode: err.statusCode ?? 400, code, message: err.message };
  if (err.statusCode === 429) return { statusCode: 429, code: 'rate_limited', message: err.message };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return { statusCode: err.statusCode, code: 'bad_request', message: err.message };
  // PostgreSQL or Temporal away for a moment (restarting, unreachable): "not now", never a 500.
  const away = dependencyUnavailable(err);
  if (away) {
    req.log.warn({ err, dependency: away }, 'dependency unavailable');
    return {
      statusCode: 503,
      code: 'not_ready' satisfies ErrorCode,
      message: `A part of the service is unavailable just now; send the same request again in ${DEPENDENCY_RETRY_AFTER_S} s for its outcome: it is never done twice.`,
      headers: { 'retry-after': String(DEPENDENCY_RETRY_AFTER_S) },
    };
  }
  req.log.error({ err }, 'unhandled error');
  return { statusCode: 500, code: 'internal_error', message: 'Internal server error.' };
}

function methodNotAllowed(reply: FastifyReply, path: string, method: string, allowed: string[]) {
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send(
      errorBody('method_not_allowed', `${method} is not allowed on ${path}; use ${allowed.join(', ')}.`, {
        allow: allowed,
      }),
    );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route a person's browser navigates to: set by a route that answers no page of its own (sign-in
     * redirects), and on every route whose success answer is `text/html` when it is added.
     */
    page?: boolean;
  }
  interface FastifyInstance {
    /** Every route that serves pages for people (their refusals are pages to a browser). */
    readonly pageRoutes: readonly PageRoute[];
  }
}

export interface PageRoute {
  method: string;
  url: string;
}

/** Whether a route serves a page for people: it says so, or its declared success answer is `text/html`. */
function isPageRoute(route: { config?: { page?: boolean }; schema?: { response?: unknown } }): boolean {
  if (route.config?.page) return true;
  const ok = (route.schema?.response as Record<string, { description?: unknown }> | undefined)?.[200];
  return typeof ok?.description === 'string' && ok.description.startsWith('text/html');
}

/**
 * A page for people: the route's declared success answer is `text/html` (a string schema described so,
 * which is also how the OpenAPI document reads it), or the route says so (`config.page`). Decided once
 * per route when it is added (registerErrorHandling), so every refusal on it is sent the same way.
 */
export const servesPage = (req: FastifyRequest): boolean => req.routeOptions.config.page === true;

/** Whether the client reads answers as pages: a browser asks for `text/html`. */
export const wantsPage = (req: FastifyRequest): boolean => (req.headers.accept ?? '').includes('text/html');

/**
 * Sends a refusal on a page route: a browser (`Accept: text/html`) reads it as a page with its status,
 * code and message; every other client gets the documented JSON body. Fastify sends the page string as
 * it is (no response serializer runs for a text body).
 */
export function sendPageRouteError(req: FastifyRequest, reply: FastifyReply, e: DescribedError) {
  reply.header('vary', 'accept');
  if (wantsPage(req))
    return reply
      .status(e.statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(errorPage(e));
  return reply.status(e.statusCode).send(errorBody(e.code, e.message, e.details, e.fields));
}

function errorPage(e: DescribedError): string {
  const title = STATUS_CODES[e.statusCode] ?? 'Error';
  return htmlPage({
    title,
    body: `<main>
<p><a href="/">Agent domain registry</a></p>
<h1>${escapeHtml(title)}</h1>
<p id="message">${escapeHtml(e.message)}</p>
<p>Code <code id="code">${escapeHtml(e.code)}</code> (HTTP ${e.statusCode}).</p>
</main>`,
  });
}

/**
 * One error shape for every 4xx/5xx: { status: "error", code, message, details? }, or on a page route
 * asked by a browser the same code and message as a page. 5xx details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // A literal path of another method caught by this method's parameter (GET /api/v1/webhooks/subscribe
    // reaching GET /api/v1/webhooks/{subscription_id}): the path names that resource, so 405, not 400.
    if (hasZodFastifySchemaValidationErrors(err) && err.validationContext === 'params') {
      const literal = staticAlternatives(req);
      if (literal.length > 0) return methodNotAllowed(reply, req.url.split('?')[0] ?? '/', req.method, literal);
    }
    // A purchase waiting for the person's approval (docs/mandates.md "Approvals"): 202, not an error; sent
    // as JSON text so that a route's own 202 schema does not reshape it.
    if (err instanceof ApprovalRequired)
      return reply
        .status(202)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(err.body(app.deps.config.publicBaseUrl)));
    const e = describeError(err, req);
    if (e.headers) reply.headers(e.headers);
    if (servesPage(req)) return sendPageRouteError(req, reply, e);
    return reply.status(e.statusCode).send(errorBody(e.code, e.message, e.details, e.fields));
  });

  // Every route's method and path, to tell "no such path" (404) from "not with this method" (405).
  const known = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 1 << 16 });
  const methods = new Set<string>();
  const pages: PageRoute[] = [];
  app.decorate('pageRoutes', pages);
  app.addHook('onRoute', (route) => {
    if (isPageRoute(route)) {
      route.config = { ...route.config, page: true };
      for (const m of [route.method].flat()) if (m !== 'HEAD') pages.push({ method: m, url: route.url });
    }
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
      // OPTIONS is answered on every path by the CORS plugin's wildcard route; it says nothing of a path.
      if (m === 'OPTIONS') continue;
      methods.add(m);
      if (!known.hasRoute(m as HTTPMethod, route.url)) known.on(m as HTTPMethod, route.url, () => undefined);
    }
  });

  /** The methods whose route is this very path with no parameter in it. */
  const staticAlternatives = (req: FastifyRequest) => {
    const path = req.url.split('?')[0] ?? '/';
    return [...methods]
      .filter((m) => {
        const found = m !== req.method ? known.find(m as HTTPMethod, path) : null;
        return found !== null && Object.keys(found.params).length === 0;
      })
      .sort();
  };
  const unrouted = (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    const allowed = [...methods].filter((m) => m !== req.method && known.find(m as HTTPMethod, path)).sort();
    if (allowed.length > 0) return methodNotAllowed(reply, path, req.method, allowed);
    return reply.status(404).send(errorBody('route_not_found', `No route ${req.method} ${path}.`));
  };
  app.setNotFoundHandler(unrouted);
  // A method no route has (QUERY, PROPFIND, ...) is answered before its body is read: Fastify would
  // otherwise refuse a body-carrying method without a Content-Type (400) before the handler above. Callback
  // style, and `done` never called once answered: an async hook that returns the reply lets Fastify go on
  // with the request when the client hung up during the answer, which answered twice and kept an in-flight slot.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'OPTIONS' && req.method !== 'HEAD' && !methods.has(req.method)) {
      void unrouted(req, reply);
      return;
    }
    done();
  });
}

/**
 * Errors the router raises before any route runs (a path parameter longer than the router takes, a
 * malformed URL): our envelope, never the URL echoed back.
 */
export function frameworkErrorHandler(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('uri_too_long', 'A path segment is too long.'));
    return;
  }
  void reply.status(400).send(errorBody('bad_request', 'The request URL is malformed.'));
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers too large, a control
 * character in a header, a timeout): written on the raw socket, in our envelope, then closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request headers are too large.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive.']
        : [400, 'bad_request', 'The request is not valid HTTP (for example a control character in a header).'];
  const payload = JSON.stringify(errorBody(code, message));
  // A parse error in a request after its answer began (a body whose chunked framing breaks while the route
  // answers) must not write a second status line into that answer: the connection is only closed.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !answering) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(err);
}
