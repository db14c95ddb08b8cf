import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Principal } from '../../auth/principal.ts';
import { AppError } from '../../domain/errors.ts';
import type { KnownKey } from '../../auth/authenticate.ts';
import { registerAccessControl } from '../auth.ts';
import { crossSiteRule } from '../cross-site.ts';
import { SESSION_COOKIE } from '../session-cookie.ts';
import { httpRefusals } from '../../metrics/http.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one more request against the credential's limit (a batch's item); `allowed` false once over it. */
    countRequest(principal: Principal | null, ip: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  }
}

/**
 * Who may call what, and how often: a limit per client address on every route, then on protected
 * routes the credential check of the access rule they declare (a browser session's request that may
 * change state must come from our own origin: cross-site.ts) followed by a limit per credential.
 */
export const accessControlPlugin = fp(
  async (app) => {
    const { config, orm, bearer } = app.deps;
    // Counters in Redis when configured, shared by every API process; a Redis that cannot be reached
    // lets requests through rather than failing them (limits are protection, not a gate).
    const redis = config.REDIS_URL
      ? new Redis(config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : null;
    if (redis) {
      redis.on('error', (err: Error) => app.log.warn({ err }, 'rate-limit store (Redis) unavailable'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    // Per client address on every route (docs/api.md "Rate limits").
    await app.register(rateLimit, {
      ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:`, skipOnError: true } : {}),
      global: true,
      // The plugin's own key, except for a request whose connection closed before its hooks ran: its
      // address is gone with the socket (req.ip undefined) and the plugin's key would throw, a 500 for a
      // request no one waits for (the byte-level fuzzer's finding). Such requests share one bucket.
      keyGenerator: (req) => (req.ip ? normalizeIP(req.ip) : 'closed-connection'),
      max: config.RATE_LIMIT_IP_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
      // The plugin throws what this returns: an AppError, so that every error handler (a page route's
      // included) meets an Error it knows, never a plain object Fastify would send as the answer's body.
      errorResponseBuilder: (_req, ctx) => {
        httpRefusals.inc({ reason: 'rate_limited' });
        return new AppError(
          'rate_limited',
          `Rate limit exceeded: ${ctx.max} requests per ${config.RATE_LIMIT_WINDOW_SECONDS} s. Retry after ${Math.ceil(ctx.ttl / 1000)} s.`,
        );
      },
    });
    // Per credential on protected routes, applied right after the credential is checked.
    // (A second limiter through createRateLimit: the plugin's own hook runs once per request.)
    const credentialLimit = app.createRateLimit({
      max: config.RATE_LIMIT_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
      keyGenerator: (req) =>
        req.principal ? `${req.principal.kind}:${req.principal.credentialId}` : `ip:${req.ip ?? 'closed-connection'}`,
    });
    const perCredential: onRequestHookHandler = async (req, reply) => {
      const r = await credentialLimit(req);
      if (r.isAllowed) return;
      // The headers describe the bucket that binds: the credential's when it has fewer requests left
      // than the address's (always when it is the one that fired).
      const addressRemaining = Number(reply.getHeader('x-ratelimit-remaining') ?? Infinity);
      if (r.isExceeded || r.remaining < addressRemaining) {
        reply.header('x-ratelimit-limit', String(r.max));
        reply.header('x-ratelimit-remaining', String(r.remaining));
        reply.header('x-ratelimit-reset', String(r.ttlInSeconds));
      }
      if (!r.isExceeded) return;
      reply.header('retry-after', String(r.ttlInSeconds));
      httpRefusals.inc({ reason: 'rate_limited' });
      throw new AppError(
        'rate_limited',
        `Rate limit exceeded for this credential: ${r.max} requests per ${config.RATE_LIMIT_WINDOW_SECONDS} s. Retry after ${r.ttlInSeconds} s.`,
      );
    };
    // A batch is as many requests as it has items (docs/teams.md "Batch"): each item after the first, which
    // the batch's own request paid, is counted here in the same bucket.
    app.decorate('countRequest', async (principal: Principal | null, ip: string) => {
      const r = await credentialLimit({ principal, ip, routeOptions: { config: {} } } as unknown as FastifyRequest);
      if (r.isAllowed) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: !r.isExceeded, retryAfterSeconds: r.ttlInSeconds };
    });
    const cache = app.publicCache;
    const keys = {
      get: (id: string) => cache.get(`key:${id}`, 'key'),
      stamp: () => cache.stamp(),
      set: (id: string, key: KnownKey, stamp: number) => cache.set(`key:${id}`, 'key', key, stamp),
    };
    registerAccessControl(
      app,
      orm,
      { bearer, sessionCookie: SESSION_COOKIE, keys },
      perCredential,
      crossSiteRule(config.publicBaseUrl),
    );
  },
  { name: 'access-control', dependencies: ['services', 'public-cache'] },
);
