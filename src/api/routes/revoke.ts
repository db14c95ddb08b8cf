import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import formbody from '@fastify/formbody';
import { revokePresentedKey } from '../../auth/accounts.ts';
import { clientErrors } from '../schemas/common.ts';
import { revokeBody, revokeResponse } from './agents/agents.schemas.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';

export const revokeKeyRoute = declareRoute({
  method: 'POST',
  url: '/oauth2/revoke',
  access: PUBLIC,
  audited: 'in-transaction',
  openapi: {
    operationId: 'revokeKey',
    description:
      'Revokes an agent or live API key (RFC 7009 style). Always the same 200, whether or not the token existed.',
  },
});

/**
 * RFC 7009-style revocation of agent and live keys: whoever holds a key may revoke it (a leaked key
 * should be killable by whoever finds it). The answer is the same 200 whether or not the token existed
 * or was already revoked; identity-provider tokens, sessions and organization credentials are not
 * revoked here.
 */
export const revokeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm } = app.deps;
  // RFC 7009 clients send application/x-www-form-urlencoded; only this plugin's routes parse it.
  await app.register(formbody);

  app.route({
    ...revokeKeyRoute,
    schema: {
      tags: ['identity'],
      summary: 'Revoke an agent or live API key (RFC 7009 style)',
      body: revokeBody,
      response: { 200: revokeResponse, ...clientErrors },
    },
    handler: async (req) => {
      await revokePresentedKey(orm.em.fork(), req.body.token);
      return { status: 'success' as const };
    },
  });
};
