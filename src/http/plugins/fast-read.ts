import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { fastReads, httpRequestDuration } from '../../metrics/http.ts';
import { readCacheHits } from '../../metrics/read-cache.ts';
import { matches, REVALIDATE } from '../etag.ts';
import { clientAddress } from '../client-address.ts';

/** Answers a request from the front (`true`), or hands it to `next`, the whole app. */
export type FrontDoor = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (req: IncomingMessage, res: ServerResponse) => void,
) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the server calls for every request before the app (src/server/app.ts's server factory). */
    readonly frontDoor: FrontDoor;
  }
}

/** A path segment that is a name as the read cache keeps it: lower case, no escapes, no query, no slash. */
const CACHED_NAME = /^[a-z0-9][a-z0-9.-]{0,252}$/;
/** Headers that make a lookup more than a public read: a credential, a key the pipeline would look at. */
const NOT_PUBLIC = ['authorization', 'x-api-key', 'cookie', 'idempotency-key'] as const;
const JSON_TYPE = 'application/json; charset=utf-8';
/** What the rate limiter reads of a request's route: no route limit of its own (lookup has none). */
const NO_ROUTE = { config: {} };

/**
 * The fast read (issue 52, docs/performance.md "The fast read"): a lookup the read cache holds, asked with
 * no credential, is answered here, before the app, with exactly what the app would answer (the same status,
 * body, ETag and headers; test/integration/fast-read.test.ts compares them over generated requests). What
 * a public read needs still runs: the overload guard, the limit per client address (the same counters),
 * the access log, the metrics. Everything else (an answer the cache does not hold, a refusal, a HEAD, a
 * query string, a credential, tracing on) goes to the app as before.
 */
export const fastReadPlugin = fp<{ lookupUrl: string }>(
  async (app, { lookupUrl }) => {
    // The route's pattern ends in its one parameter, the name: the path up to it is the prefix.
    const prefix = lookupUrl.slice(0, lookupUrl.indexOf(':'));
    const { config } = app.deps;
    // The limit per client address on every route (access-control.ts): the same store and settings.
    const limit = app.createRateLimit();
    const timed = Boolean(config.API_METRICS_ADDRESS || config.METRICS_ON_API_PORT);
    const series = {
      200: httpRequestDuration.series('GET', lookupUrl, 200),
      304: httpRequestDuration.series('GET', lookupUrl, 304),
    };
    const ip = clientAddress(config.TRUST_PROXY);
    let open = true;
    app.addHook('preClose', (done) => {
      open = false; // the app answers 503 to what comes now
      done();
    });
    let ids = 0;
    // Fastify logs each request at `info` (its access log): the fast read writes the same two lines.
    const logsRequests = ['info', 'debug', 'trace'].includes(app.log.level);
    // Spans are the app's, per request (src/telemetry/request-spans.ts): with tracing on, every request
    // goes to the app.
    const enabled = !config.OTEL_EXPORTER_OTLP_ENDPOINT;
    // The headers every answer carries, flattened once (writeHead takes name, value, name, value...).
    const everyAnswer = app.everyAnswerHeaders.flat();

    const eligible = (req: IncomingMessage): string | undefined => {
      if (!enabled || !open || req.method !== 'GET') return undefined;
      const url = req.url;
      if (url === undefined || !url.startsWith(prefix)) return undefined;
      const name = url.slice(prefix.length);
      if (!CACHED_NAME.test(name)) return undefined;
      const h = req.headers;
      if (!h.host) return undefined;
      for (const header of NOT_PUBLIC) if (h[header] !== undefined) return undefined;
      return name;
    };

    const frontDoor: FrontDoor = (req, res, next) => {
      const name = eligible(req);
      const hit = name === undefined ? undefined : app.publicCache.peek(name, 'lookup');
      if (hit === undefined || hit === 'absent' || app.inFlight.full()) return next(req, res);
      const started = performance.now();
      // Counted in flight from here, as the app counts a request from its first hook; uncounted again if
      // handed to the app, which counts it itself.
      const release = app.inFlight.track(res);
      const handOver = () => {
        release();
        next(req, res);
      };
      const shim = {
        routeOptions: NO_ROUTE,
        method: req.method,
        url: req.url,
        headers: req.headers,
        ip: ip(req),
        socket: req.socket,
        host: req.headers.host,
      };
      limit(shim as unknown as FastifyRequest).then((r) => {
        // Over the limit: the app refuses it, counting it once more, which changes nothing once over.
        if (!r.isAllowed && r.isExceeded) return handOver();
        const log = logsRequests ? app.log.child({ reqId: `fast-${(ids++).toString(36)}` }) : null;
        log?.info({ req: shim }, 'incoming request');
        readCacheHits.inc();
        fastReads.inc();
        const fresh = matches(req.headers['if-none-match'], hit.etag);
        const status = fresh ? 304 : 200;
        const headers = everyAnswer.slice();
        if (!r.isAllowed)
          headers.push(
            'x-ratelimit-limit',
            String(r.max),
            'x-ratelimit-remaining',
            String(r.remaining),
            'x-ratelimit-reset',
            String(r.ttlInSeconds),
          );
        headers.push('cache-control', REVALIDATE, 'etag', hit.etag);
        if (!fresh) headers.push('content-type', JSON_TYPE, 'content-length', String(Buffer.byteLength(hit.body)));
        res.writeHead(status, headers);
        res.end(fresh ? undefined : hit.body);
        const seconds = (performance.now() - started) / 1000;
        if (timed) httpRequestDuration.observe(series[status], seconds);
        log?.info({ res: { statusCode: status }, responseTime: seconds * 1000 }, 'request completed');
      }, handOver);
    };
    app.decorate('frontDoor', frontDoor);
  },
  {
    name: 'fast-read',
    dependencies: ['services', 'metrics', 'overload', 'public-cache', 'security', 'access-control'],
  },
);
