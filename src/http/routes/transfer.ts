import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transferDomain } from '../../services/transfer.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { transferBody, transferResponse } from '../schemas/transfer.ts';
import { parseBodyName } from '../domain-name-body.ts';

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces } = app.deps;

  app.post(
    '/api/v1/domains/transfer',
    {
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
    },
    async (req) => {
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
  );
};
