import Fastify, { type FastifyBaseLogger, type FastifyInstance, type onRequestHookHandler } from 'fastify';
import { AppError } from '../domain/errors.ts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openApiOptions } from './openapi/document.ts';
import type { AppDeps } from './deps.ts';
import { registrationService } from '../registration/service.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { homeRoutes } from './routes/home.ts';
import { landingScriptHash } from '../pages/landing.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './error-handler.ts';
import { healthRoutes } from './routes/health.ts';
import { namespaceRoutes } from './routes/namespaces.ts';
import { discoveryRoutes } from './routes/discovery.ts';
import { quoteRoutes } from './routes/quote.ts';
import { tldRoutes } from './routes/tld.ts';
import { benchBaselineRoutes } from './routes/bench-baseline.ts';
import { agentRoutes } from './routes/agents.ts';
import { keyRoutes } from './routes/keys.ts';
import { revokeRoutes } from './routes/revoke.ts';
import { managementRoutes } from './routes/management.ts';
import { registerAccessControl } from './auth.ts';
import { activityRoutes } from './routes/activity.ts';
import { manifestsRoutes } from './routes/manifests.ts';
import { transferRoutes } from './routes/transfer.ts';
import { registerRoutes } from './routes/register.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { oidcLogin } from '../auth/oidc-login.ts';
import { accountForIdentity, createSession, destroySession } from '../auth/accounts.ts';

export { SESSION_COOKIE };

export const INTERFACE_VERSION = '1.0.0';

/** TRUST_PROXY as Fastify takes it: `true` (every hop) or a comma-separated list of proxy addresses/CIDRs. */
function trustProxySetting(value: string | undefined): { trustProxy?: boolean | string } {
  if (value === undefined || value === 'false') return {};
  return { trustProxy: value === 'true' ? true : value };
}

/**
 * Builds the whole HTTP app from its dependencies. The entry point and the tests call exactly this,
 * so what is tested is what runs. Order: external plugins, our decorators and error handling, routes.
 */
export async function buildApp(deps: AppDeps, logger?: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    // A trailing slash is tolerated; long path parameters reach zod so they get our 400, not a bare 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ...trustProxySetting(deps.config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('registration', registrationService(deps));
  registerErrorHandling(app);

  await app.register(cookie, { secret: deps.sessionSecret });
  // Security headers on every answer. The pages and the API reference load only their own scripts;
  // inline styles stay allowed for the small HTML pages. Cross-origin reads are for CORS to decide.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", landingScriptHash],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Agents and tools on other origins may call the API: credentials travel in headers, never in
  // cookies across origins (no Access-Control-Allow-Credentials), so a foreign page cannot ride a session.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Content-Type',
      'Authorization',
      'X-API-Key',
      'X-Payment-Method',
      'X-MPP-Network',
      'Idempotency-Key',
    ],
    exposedHeaders: [
      'WWW-Authenticate',
      'Payment-Receipt',
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ],
    maxAge: 600,
    // A bare OPTIONS (no Origin) gets the same 204 rather than the plugin's plain-text 400.
    strictPreflight: false,
  });
  // Per client address on every route (in-memory store: one process, see README "Rate limits").
  await app.register(rateLimit, {
    global: true,
    max: deps.config.RATE_LIMIT_IP_MAX,
    timeWindow: deps.config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      status: 'error',
      code: 'rate_limited',
      message: `Rate limit exceeded: ${ctx.max} requests per ${ctx.after}. Retry after ${Math.ceil(ctx.ttl / 1000)} s.`,
    }),
  });
  // Per credential on protected routes, applied right after the credential is checked.
  // (A second limiter through createRateLimit: the plugin's own hook runs once per request.)
  const credentialLimit = app.createRateLimit({
    max: deps.config.RATE_LIMIT_MAX,
    timeWindow: deps.config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    keyGenerator: (req) => (req.principal ? `${req.principal.kind}:${req.principal.credentialId}` : `ip:${req.ip}`),
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
    throw new AppError(
      'rate_limited',
      `Rate limit exceeded for this credential: ${r.max} requests per ${deps.config.RATE_LIMIT_WINDOW_SECONDS} s. Retry after ${r.ttlInSeconds} s.`,
    );
  };
  registerAccessControl(app, deps.orm, { bearer: deps.bearer, sessionCookie: SESSION_COOKIE }, perCredential);

  await app.register(swagger, openApiOptions(deps.config.publicBaseUrl, INTERFACE_VERSION));
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(homeRoutes);
  await app.register(healthRoutes);
  await app.register(namespaceRoutes);
  await app.register(discoveryRoutes);
  await app.register(quoteRoutes);
  await app.register(tldRoutes);
  await app.register(agentRoutes);
  await app.register(keyRoutes);
  await app.register(revokeRoutes);
  await app.register(managementRoutes);
  await app.register(activityRoutes);
  await app.register(manifestsRoutes);
  await app.register(transferRoutes);
  await app.register(registerRoutes);
  await app.register(checkoutRoutes);
  if (deps.login) {
    const { orm, config } = deps;
    await app.register(oidcLogin, {
      ...deps.login,
      publicBaseUrl: config.publicBaseUrl,
      cookieName: SESSION_COOKIE,
      resolveAccount: ({ issuer, subject, claims }) =>
        accountForIdentity(orm.em.fork(), issuer, subject, typeof claims.name === 'string' ? claims.name : undefined),
      createSession: (accountId) => createSession(orm.em.fork(), accountId, config.SESSION_TTL_HOURS),
      destroySession: (id) => destroySession(orm.em.fork(), id),
    });
  }
  if (deps.config.BENCH_ROUTES) await app.register(benchBaselineRoutes);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
