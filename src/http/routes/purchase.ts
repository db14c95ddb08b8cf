import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentedReceipt } from '../../checkout/receipt.ts';
import { parseFullName } from '../domain-name-param.ts';
import { sendBuyAnswer } from '../replies/purchase.ts';
import { buySecondaryBody, purchaseResponses } from '../schemas/purchase.ts';

export const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/domains/buy-secondary',
    {
      schema: {
        tags: ['market'],
        summary: 'Buy a listed name: 402 challenge for the USD asking price (mpp), instant with gems',
        body: buySecondaryBody,
        response: purchaseResponses,
      },
    },
    async (req, reply) => {
      const { name } = parseFullName(app.deps.namespaces, req.body.domain);
      const answer = await app.purchase.buy({
        name,
        paymentMethod: req.body.payment_method ?? 'mpp',
        affiliateId: req.body.affiliate_id ?? null,
        principal: req.principal,
        ip: req.ip,
        receipt: presentedReceipt(req.body.receipt, req.headers.authorization),
        operationId: req.idempotency?.operationId ?? null,
      });
      return sendBuyAnswer(reply, answer);
    },
  );
};
