import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transferDomain } from '../../management/transfer.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { transferBody, transferResponse } from '../schemas/transfer.ts';
import { parseBodyName } from '../domain-name-body.ts';
import { declareRoute, MANAGEMENT } from './declaration.ts';

export const transferDomainRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/transfer',
  access: MANAGEMENT,
  openapi: {
    operationId: 'transferDomain',
    description: 'Moves a domain you own or manage to another account; records a transfer order and event.',
  },
});

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces } = app.deps;

  app.route({
    ...transferDomainRoute,
    schema: {
      tags: ['management'],
      summary: 'Hand a domain to another account (owner, claiming operator, or a reseller to its customer)',
      body: transferBody,
      response: {
        200: transferResponse,
        ...clientErrors,
        401: errorBodySchema,
        403: errorBodySchema,
        409: errorBodySchema,
      },
    },
    handler: async (req) => {
      const t = await transferDomain(orm.em.fork(), req.principal!, {
        name: parseBodyName(namespaces, req.body.domain),
        toAccountId: req.body.to_account_id,
        reason: req.body.reason,
        operationId: req.idempotency?.operationId ?? null,
      });
      return {
        status: 'success' as const,
        message: `${t.name} now belongs to account ${t.toOwnerId}.`,
        domain: { name: t.name, owner_id: t.toOwnerId },
        order_id: t.orderId,
      };
    },
  });
};
