import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const activityRoutes: FastifyPluginAsyncZod = async () => {};
