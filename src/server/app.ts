import { createServer } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerFactory } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../http/deps.ts';
import { SESSION_COOKIE } from '../http/session-cookie.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from '../http/error-handler.ts';
import { refuseConnect } from '../http/refuse-connect.ts';
import { accessControlPlugin } from '../http/plugins/access-control.ts';
import { loginPlugin } from './login.ts';
import { INTERFACE_VERSION, openApiPlugin } from '../http/plugins/openapi.ts';
import { redactingRequests, securityPlugin } from '../http/plugins/security.ts';
import { servicesPlugin } from '../http/plugins/services.ts';
import { publicCachePlugin } from '../http/plugins/public-cache.ts';
import { overloadPlugin } from '../http/plugins/overload.ts';
import { idempotencyPlugin } from '../http/plugins/idempotency.ts';
import { pipelinePlugin } from '../http/pipeline/http-steps.ts';
import { nulGuardPlugin } from '../http/plugins/nul-guard.ts';
import { utf8GuardPlugin } from '../http/plugins/utf8-guard.ts';
import { hostHeaderPlugin } from '../http/plugins/host-header.ts';
import { metricsPlugin } from '../http/plugins/metrics.ts';
import { fastReadPlugin, type FrontDoor } from '../http/plugins/fast-read.ts';
import { lookupDomainRoute } from '../api/routes/lookup.ts';
import { routesPlugin } from './routes.ts';
import type { RouteModule } from './modules.ts';
import { checkoutScriptHash } from '../pages/checkout.ts';
import { dashboardScriptHash } from '../dashboard/views/layout.ts';
import { landingScriptHash } from '../pages/landing.ts';
import { requestSpans } from '../telemetry/request-spans.ts';

export { INTERFACE_VERSION, SESSION_COOKIE };

/** TRUST_PROXY as Fastify takes it: `true` (every hop) or a comma-separated list of proxy addresses/CIDRs. */
function trustProxySetting(value: string | undefined): { trustProxy?: boolean | string } {
  if (value === undefined || value === 'false') return {};
  return { trustProxy: value === 'true' ? true : value };
}

/**
 * The registry as one Fastify plugin: named plugins with declared dependencies, registered in the
 * order those dependencies need (services, metrics, headers, access control, the pipeline of every
 * operation call, the input rules, documentation, routes, login).
 */
export const registryApp = fp<{ deps: AppDeps; modules?: readonly RouteModule[] }>(
  async (app, { deps, modules }) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(hostHeaderPlugin);
    await app.register(servicesPlugin, { deps });
    await app.register(metricsPlugin);
    await app.register(overloadPlugin);
    await app.register(publicCachePlugin);
    await app.register(securityPlugin, { inlineScripts: [landingScriptHash, checkoutScriptHash, dashboardScriptHash] });
    await app.register(accessControlPlugin);
    await app.register(fastReadPlugin, { lookupUrl: lookupDomainRoute.url });
    await app.register(idempotencyPlugin);
    await app.register(pipelinePlugin);
    await app.register(utf8GuardPlugin);
    await app.register(nulGuardPlugin);
    await app.register(openApiPlugin);
    await app.register(routesPlugin, modules ? { modules } : {});
    await app.register(loginPlugin);
  },
  { name: 'registry', fastify: '5.x' },
);

/**
 * The HTTP server as Fastify would make it (its timeouts included), with the front door (the fast read,
 * src/http/plugins/fast-read.ts) before the app once the app has set it.
 */
function serverWithFrontDoor(front: { door?: FrontDoor }): FastifyServerFactory {
  return (handler, options) => {
    const server = createServer(options.http ?? {}, (req, res) =>
      front.door ? front.door(req, res, handler) : handler(req, res),
    );
    // Fastify has filled in its defaults by now (lib/server.js sets the same on a server of its own).
    const set = (value: unknown, to: (n: number) => void) => typeof value === 'number' && to(value);
    set(options.keepAliveTimeout, (n) => (server.keepAliveTimeout = n));
    set(options.requestTimeout, (n) => (server.requestTimeout = n));
    set(options.connectionTimeout, (n) => server.setTimeout(n));
    set(options.maxRequestsPerSocket, (n) => n > 0 && (server.maxRequestsPerSocket = n));
    return server;
  };
}

/**
 * Builds the whole HTTP app from its dependencies: the server options, then the registry plugin. The
 * API entry and the test helper both call exactly this, so what is tested is what runs.
 */
export async function buildApp(
  deps: AppDeps,
  logger?: FastifyBaseLogger,
  /** The route modules, when not src/server/modules.ts's list. */
  modules?: readonly RouteModule[],
): Promise<FastifyInstance> {
  const front: { door?: FrontDoor } = {};
  const app = Fastify({
    serverFactory: serverWithFrontDoor(front),
    ...(logger ? { loggerInstance: redactingRequests(logger) } : { logger: false }),
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    // A request without Host is refused by our own hook (plugins/host-header.ts), in our envelope.
    http: { requireHostHeader: false },
    // A trailing slash is tolerated; long path parameters reach zod so they get our 400, not a bare 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ...trustProxySetting(deps.config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  // Spans of the request's hooks and handler, before any route is added (docs/tracing.md): only when
  // the process traces (the API entry started tracing from the same setting).
  if (deps.config.OTEL_EXPORTER_OTLP_ENDPOINT) await app.register(requestSpans());
  app.server.on('connect', refuseConnect);
  await app.register(registryApp, { deps, ...(modules && { modules }) });
  app.addHook('onReady', (done) => {
    front.door = app.frontDoor;
    done();
  });
  return app;
}
