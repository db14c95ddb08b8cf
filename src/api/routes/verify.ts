import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationRoute } from '../../http/operations/route.ts';
import { verifierService } from '../../verify/service.ts';
import { clientErrors } from '../schemas/common.ts';
import { verifyParams, verifyResponse } from './verify.schemas.ts';

export const verifyAgentRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/verify/:name',
  access: PUBLIC,
  openapi: {
    operationId: 'verifyAgent',
    description:
      "Whether an agent is who its name says (`verified`: the DNSSEC chain from the trust anchor, DNS-AID SVCB and ENSIP-25/26 TXT records agreeing with its A2A card, the card signature, its ERC-8004 entry and file, the endpoint-domain proof) and, apart, whether it answers (`reachable`), with each check's evidence. For any DNS name that publishes DNS-AID records. Free; a report is kept a minute; limited per client address (VERIFY_LIMIT_MAX a minute).",
  },
});

/** A DNS name in presentation form: labels of letters, digits, `-` and `_`, 63 bytes each, 253 in all. */
const DNS_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

export const verifyAgentOperation = defineOperation(
  verifyAgentRoute,
  {
    tags: ['discovery'],
    summary: 'Verify an agent by its name',
    params: verifyParams,
    response: { 200: verifyResponse, ...clientErrors },
  },
  async ({ params }, services) => {
    const name = params.name.trim().toLowerCase().replace(/\.$/, '');
    if (!DNS_NAME.test(name))
      throw new AppError(
        'invalid_name',
        'Give a DNS name: labels of letters, digits and hyphens, e.g. "scout.agent".',
        {
          problem: 'not_a_dns_name',
        },
      );
    return services.use(verifierService).verify(name);
  },
);

export const verifyRoutes: FastifyPluginAsync = async (app) => {
  const route = operationRoute(app, verifyAgentOperation);
  // Per client address: each report asks DNS, outside hosts and a chain.
  const max = app.deps.config.VERIFY_LIMIT_MAX;
  app.route({ ...route, config: { ...route.config, rateLimit: { max, timeWindow: 60_000 } } });
};
