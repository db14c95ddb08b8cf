import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { openApiOptions } from '../openapi/document.ts';
import { declareRoute, PUBLIC } from '../declaration.ts';

export const INTERFACE_VERSION = '1.0.0';

/** The document itself: public, and left out of what it describes. */
export const openApiDocumentRoute = declareRoute({ method: 'GET', url: '/openapi.json', access: PUBLIC });

/** The OpenAPI document, generated from the routes' zod schemas, and its reference UI at /docs. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, openApiOptions(app.deps.config.publicBaseUrl, INTERFACE_VERSION));
    await app.register(swaggerUi, { routePrefix: '/docs' });
    app.route({ ...openApiDocumentRoute, schema: { hide: true }, handler: async () => app.swagger() });
  },
  { name: 'openapi', dependencies: ['services'] },
);
