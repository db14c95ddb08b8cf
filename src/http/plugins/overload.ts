import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../domain/error-body.ts';
import { httpRefusals } from '../../metrics/http.ts';

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
    /** The refusal: 503 with Retry-After, our error body (returned for the caller to send). */
    const refusal = (reply: FastifyReply, why: string): ErrorBody => {
      httpRefusals.inc({ reason: 'overloaded' });
      reply.code(503).header('retry-after', String(RETRY_AFTER_S));
      return {
        status: 'error',
        code: 'overloaded',
        message: `The service is overloaded (${why}); retry after ${RETRY_AFTER_S} s.`,
      };
    };
    await app.register(underPressure, {
      maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
      retryAfter: RETRY_AFTER_S,
      // under-pressure sends what this returns; undefined lets the request through (the probes).
      pressureHandler: ((req: FastifyRequest, reply: FastifyReply, type: string) =>
        PROBES.has(req.url) ? undefined : refusal(reply, type)) as unknown as () => void,
    });
    let inFlight = 0;
    app.addHook('onRequest', async (req, reply) => {
      if (inFlight >= config.MAX_IN_FLIGHT && !PROBES.has(req.url))
        return reply.send(refusal(reply, 'too many requests in flight'));
      inFlight += 1;
      // Counted down once the answer is written, or the connection closes first.
      let done = false;
      reply.raw.once('close', () => {
        if (!done) inFlight -= 1;
        done = true;
      });
    });
  },
  { name: 'overload', dependencies: ['services'] },
);
