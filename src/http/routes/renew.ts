import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentedReceipt } from '../../checkout/receipt.ts';
import { parseFullName } from '../domain-name-param.ts';
import { sendRenewAnswer } from '../replies/renewal.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { paymentRequiredResponse } from '../schemas/register.ts';
import { renewBody, renewedResponse } from '../schemas/renew.ts';

export const renewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/renew',
    {
      schema: {
        tags: ['registration'],
        summary: 'Renew a name: 402 challenge on mpp (anyone may pay), instant with the owner’s gems',
        body: renewBody,
        response: {
          200: renewedResponse,
          402: paymentRequiredResponse.or(errorBodySchema),
          403: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
          ...clientErrors,
        },
      },
    },
    async (req, reply) => {
      const { name, ns } = parseFullName(app.deps.namespaces, req.body.domain);
      const answer = await app.renewal.renew({
        name,
        ns,
        years: req.body.years,
        paymentMethod: req.body.payment_method ?? 'mpp',
        principal: req.principal,
        ip: req.ip,
        receipt: presentedReceipt(req.body.receipt, req.headers.authorization),
        operationId: req.idempotency?.operationId ?? null,
      });
      return sendRenewAnswer(reply, answer);
    },
  );
};
