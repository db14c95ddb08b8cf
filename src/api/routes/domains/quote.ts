import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { availability } from '../../../domain/availability.ts';
import { AppError } from '../../../domain/errors.ts';
import { buildQuote } from '../../../domain/quote.ts';
import { cachedStatesOf } from '../../../http/name-states.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { quoteBody, quoteHeaders, quoteResponse } from './quote.schemas.ts';
import { resolveTarget } from '../../../http/registration-target.ts';
import { declareRoute, PUBLIC } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationRoute } from '../../../http/operations/route.ts';

export const quoteDomainRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/quote',
  access: PUBLIC,
  audited: false,
  openapi: {
    operationId: 'quoteDomain',
    description:
      'A non-binding price for a name and term on the chosen machine-payment route. Reserves nothing and creates no order; re-quote before paying.',
  },
});

type QuoteHeaders = z.output<typeof quoteHeaders>;

export const quoteDomain = defineOperation(
  quoteDomainRoute,
  {
    tags: ['registration'],
    summary: 'Non-binding price quote; reserves nothing and creates no order',
    body: quoteBody,
    headers: quoteHeaders,
    response: { 200: quoteResponse, 403: errorBodySchema, ...clientErrors },
  },
  async (call, services) => {
    const { body, headers } = call;
    const { namespaces, config } = services;
    const { label, ns } = resolveTarget(namespaces, body);
    // Checked against quoteHeaders on the way in.
    const network = (headers['x-mpp-network'] as QuoteHeaders['x-mpp-network']) ?? 'tempo';
    if (network === 'base-mainnet' && !config.MPP_BASE_MAINNET_ENABLED) {
      throw new AppError(
        'network_not_enabled',
        'The base-mainnet USDC route is operator-gated and not enabled here; omit X-MPP-Network to use the default tempo route.',
      );
    }
    const name = `${label}.${ns.namespace}`;
    const states = await cachedStatesOf(services.publicCache, call, [name]);
    return buildQuote(
      {
        ns,
        label,
        years: body.years,
        network,
        availability: availability(ns, label, states.get(name) ?? 'free'),
      },
      {
        gemUsdRate: config.GEM_USD_RATE,
        currency: config.MPP_CURRENCY,
        tempoChainId: config.TEMPO_CHAIN_ID,
        registerUrl: `${config.publicBaseUrl}/api/v1/domains/register`,
        checkoutUrl: config.CHECKOUT_URL,
        tempoAsset: config.MPP_TOKEN_ADDRESS,
        usdcAsset: services.usdc?.asset ?? config.USDC_ADDRESS,
      },
    );
  },
);

export const quoteRoutes: FastifyPluginAsync = async (app) => {
  const route = operationRoute(app, quoteDomain);
  // A POST that writes nothing: no read-your-writes barrier before it answers.
  app.route({ ...route, config: { ...route.config, readOnly: true } });
};
