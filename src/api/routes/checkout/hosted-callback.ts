import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../domain/errors.ts';
import { parseFullName } from '../../../http/domain-name-param.ts';
import { keepRawJsonBody, rawBodyOf } from '../../../http/raw-body.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { simpleResponse } from '../domains/register.schemas.ts';
import { checkoutCallbackBody } from './checkouts.schemas.ts';
import { declareRoute, PUBLIC } from '../../../http/declaration.ts';

export const hostedCheckoutCallbackRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/checkout/gfavip/callback',
  access: PUBLIC,
  audited: false,
  openapi: {
    operationId: 'hostedCheckoutCallback',
    description:
      'The hosted checkout reports a paid order. Signed: `X-Service-Signature` is the hex HMAC-SHA256 of the raw body.',
  },
});

// The hosted checkout reports payment here, signed like our webhooks (hex HMAC-SHA256 of the raw body):
// this plugin keeps the raw body of a JSON request for the signature, and only here.
export const hostedCheckoutCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { namespaces, config } = app.deps;
  const { registration } = app.services;

  keepRawJsonBody(app);

  app.route({
    ...hostedCheckoutCallbackRoute,
    schema: {
      tags: ['registration'],
      summary: 'Hosted checkout callback (signed): marks a pending partner order paid',
      body: checkoutCallbackBody,
      response: { 200: simpleResponse, 401: errorBodySchema, ...clientErrors },
    },
    handler: async (req) => {
      const raw = rawBodyOf(req);
      const given = Buffer.from(String(req.headers['x-service-signature'] ?? ''), 'hex');
      const expected = createHmac('sha256', config.GFAVIP_WEBHOOK_SECRET).update(raw).digest();
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError('invalid_credential', 'Bad checkout signature.');
      const { name } = parseFullName(namespaces, req.body.domain);
      await registration.hostedCheckoutPaid({ name, orderId: req.body.order_id, reference: req.body.reference });
      return { status: 'success' as const, message: 'Payment recorded; the domain is being activated.' };
    },
  });
};
