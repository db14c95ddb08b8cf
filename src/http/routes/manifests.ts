import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const manifestsRoutes: FastifyPluginAsyncZod = async () => {};
