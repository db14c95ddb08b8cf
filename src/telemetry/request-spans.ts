import { FastifyOtelInstrumentation } from '@fastify/otel';
import { redactedUrl } from './redacted-url.ts';
import { isUntracedPath } from './untraced-paths.ts';

/**
 * The Fastify plugin that adds, under the HTTP server span, a `request` span and one per hook and route
 * handler, named by the route's pattern: where a request spent its time inside the app. Registered
 * before any route (it wraps handlers as routes are added), and only when tracing is on.
 */
export function requestSpans() {
  return new FastifyOtelInstrumentation({
    ignorePaths: (route) => isUntracedPath(route.url),
    // Its `url.path` is the request's URL as sent: kept without the secrets a URL carries (an invitation's
    // token, a sign-in's code and state), as in the HTTP server span and the access log.
    requestHook: (span, request) => void span.setAttribute('url.path', redactedUrl(request.url)),
  }).plugin();
}
