import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { httpRefusals } from '../../metrics/http.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests in flight, as the overload guard counts them (the fast read, fast-read.ts, counts its own here). */
    readonly inFlight: {
      /** Whether a new request would be refused now (too many in flight, or the event loop under pressure). */
      full(): boolean;
      /**
       * Counts one in, and out again once its answer is written or its connection closes, or when the
       * function it returns is called (a request handed on to be counted elsewhere), whichever comes first.
       */
      track(res: ServerResponse): () => void;
    };
  }
}

/** Seconds a refused client is told to wait: short, so the load is spread rather than dropped. */
const RETRY_AFTER_S = 1;
/** Probes answer even under load: an orchestrator must see a busy process as alive. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Graceful overload (docs/performance.md "Overload"): past the configured event-loop delay
 * (@fastify/under-pressure) or number of requests in flight, new requests are refused at once with
 * 503 `overloaded` and Retry-After, instead of queueing for the database pool until they time out.
 * What is admitted is served with bounded latency; nothing is half done (a refusal comes before the
 * handler runs).
 */
export const overloadPlugin = fp(
  async (app) => {
    const { config } = app.deps;
    /**
     * The refusal: 503 `overloaded` with Retry-After, thrown so the error handler sends it (a page to a
     * browser on a page route, our JSON body elsewhere).
     */
    const refusal = (why: string): AppError => {
      httpRefusals.inc({ reason: 'overloaded' });
      return new AppError(
        'overloaded',
        `The service is overloaded (${why}); retry after ${RETRY_AFTER_S} s.`,
        undefined,
        { 'retry-after': String(RETRY_AFTER_S) },
      );
    };
    await app.register(underPressure, {
      maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
      retryAfter: RETRY_AFTER_S,
      // under-pressure lets the request through when the promise this returns resolves (the probes), and
      // hands its rejection to the error handler.
      pressureHandler: (req: FastifyRequest, _reply: FastifyReply, type: string) =>
        PROBES.has(req.url) ? Promise.resolve() : Promise.reject(refusal(type)),
    });
    let inFlight = 0;
    const track = (res: ServerResponse) => {
      inFlight += 1;
      // Counted down once the answer is written, or the connection closes first.
      let counted = true;
      const release = () => {
        if (counted) inFlight -= 1;
        counted = false;
      };
      res.once('close', release);
      return release;
    };
    app.decorate('inFlight', { full: () => inFlight >= config.MAX_IN_FLIGHT || app.isUnderPressure(), track });
    // A callback hook: no promise and no extra turn of the microtask queue on every request (issue 52).
    app.addHook('onRequest', (req, reply, next) => {
      if (inFlight >= config.MAX_IN_FLIGHT && !PROBES.has(req.url)) return next(refusal('too many requests in flight'));
      track(reply.raw);
      next();
    });
  },
  { name: 'overload', dependencies: ['services'] },
);
