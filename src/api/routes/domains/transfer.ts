import { transferDomain as moveDomain } from '../../../management/transfer.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { transferBody, transferResponse } from './transfer.schemas.ts';
import { parseBodyName } from '../../../http/domain-name-body.ts';
import { declareRoute, MANAGEMENT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const transferDomainRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/transfer',
  idempotent: true,
  access: MANAGEMENT,
  area: 'names',
  openapi: {
    operationId: 'transferDomain',
    description: 'Moves a domain you own or manage to another account; records a transfer order and event.',
  },
});

export const transferDomain = defineOperation(
  transferDomainRoute,
  {
    tags: ['management'],
    summary: 'Hand a domain to another account (owner, claiming operator, or a reseller to its customer)',
    body: transferBody,
    response: {
      200: transferResponse,
      ...clientErrors,
      401: errorBodySchema,
      403: errorBodySchema,
      409: errorBodySchema,
      423: errorBodySchema,
    },
  },
  async (call, services) => {
    const { body, principal, idempotency } = call;
    const t = await moveDomain(call.db, principal!, {
      name: parseBodyName(services.namespaces, body.domain),
      toAccountId: body.to_account_id,
      reason: body.reason,
      operationId: idempotency?.operationId ?? null,
    });
    return {
      status: 'success' as const,
      message: `${t.name} now belongs to account ${t.toOwnerId}.`,
      domain: { name: t.name, owner_id: t.toOwnerId },
      order_id: t.orderId,
    };
  },
);

export const transferRoutes = operationsPlugin([transferDomain]);
