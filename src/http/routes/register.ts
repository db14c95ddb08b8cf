import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentedReceipt } from '../../checkout/receipt.ts';
import { resolveTarget } from '../registration-target.ts';
import { sendRegisterAnswer } from '../replies/registration.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import {
  checkoutPendingResponse,
  paymentRequiredResponse,
  registerBody,
  registerHeaders,
  registeredResponse,
  usdcPaymentRequiredResponse,
} from '../schemas/register.ts';

export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/domains/register',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Register a name: 402 challenge on mpp (default route, or the USDC route with X-MPP-Network: base-mainnet), instant on gems or when free, hosted checkout on partner namespaces',
        body: registerBody,
        headers: registerHeaders,
        response: {
          200: registeredResponse,
          202: checkoutPendingResponse,
          402: paymentRequiredResponse.or(usdcPaymentRequiredResponse).or(errorBodySchema),
          403: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
          ...clientErrors,
        },
      },
    },
    async (req, reply) => {
      const body = req.body;
      const target = resolveTarget(app.deps.namespaces, body);
      const answer = await app.registration.register({
        ...target,
        years: body.years,
        paymentMethod: body.payment_method ?? 'mpp',
        network: body.mpp_network ?? req.headers['x-mpp-network'] ?? 'tempo',
        resellerChannel: body.reseller_channel ?? null,
        targetOwnerId: body.target_owner_id ?? null,
        couponCode: body.coupon_code ?? null,
        principal: req.principal,
        ip: req.ip,
        receipt: presentedReceipt(body.receipt, req.headers.authorization),
        operationId: req.idempotency?.operationId ?? null,
      });
      return sendRegisterAnswer(reply, answer, target.ns.namespace);
    },
  );
};
