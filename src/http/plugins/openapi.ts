import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { openApiOptions } from '../openapi/document.ts';

export const INTERFACE_VERSION = '1.0.0';

/** The OpenAPI document, generated from the routes' zod schemas, and its reference UI at /docs. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, openApiOptions(app.deps.config.publicBaseUrl, INTERFACE_VERSION));
    await app.register(swaggerUi, { routePrefix: '/docs' });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi', dependencies: ['services'] },
);
