import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { registerErrorHandling } from './error-handler.ts';
import { healthRoutes } from './routes/health.ts';
import { namespaceRoutes } from './routes/namespaces.ts';
import { discoveryRoutes } from './routes/discovery.ts';
import { quoteRoutes } from './routes/quote.ts';
import { tldRoutes } from './routes/tld.ts';
import { benchBaselineRoutes } from './routes/bench-baseline.ts';

export const INTERFACE_VERSION = '1.0.0';

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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Agent domain registry',
        version: INTERFACE_VERSION,
        description: 'Registry, registrar and identity service for AI agents. See /tld/{namespace}/skill.md for agents.',
      },
      servers: [{ url: deps.config.publicBaseUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.decorate('deps', deps);
  registerErrorHandling(app);

  await app.register(healthRoutes);
  await app.register(namespaceRoutes);
  await app.register(discoveryRoutes);
  await app.register(quoteRoutes);
  await app.register(tldRoutes);
  if (deps.config.BENCH_ROUTES) await app.register(benchBaselineRoutes);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
