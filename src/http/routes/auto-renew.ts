import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setAutoRenew } from '../../services/auto-renew.ts';
import { accountPrincipal } from '../auth.ts';
import { parseFullName } from '../domain-name-param.ts';
import { autoRenewBody, autoRenewResponse } from '../schemas/auto-renew.ts';
import { clientErrors } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import { declareRoute, ACCOUNT } from './declaration.ts';

export const setAutoRenewRoute = declareRoute({
  method: 'PUT',
  url: '/api/v1/domains/:domain_name/auto-renew',
  access: ACCOUNT,
  openapi: {
    operationId: 'setAutoRenew',
    description:
      'Turns auto-renew on with a price cap (`max_gems`, the most a one-year renewal may cost) or off. A few days before expiry (AUTO_RENEW_DAYS_BEFORE) the expiry sweep renews the name for one year from the owner’s gems when the price is within the cap, once per term; otherwise it writes `domain.renewal_failed` with the reason. Owner (or the owner’s operator) only.',
  },
});

export const autoRenewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...setAutoRenewRoute,
    schema: {
      tags: ['management'],
      summary: 'Turn auto-renew from the owner’s gems on (with a price cap) or off',
      params: domainNameParams,
      body: autoRenewBody,
      response: { 200: autoRenewResponse, ...clientErrors },
    },
    handler: async (req) => {
      const { name } = parseFullName(app.deps.namespaces, req.params.domain_name);
      const set = await setAutoRenew(app.deps.orm.em.fork(), accountPrincipal(req), name, {
        enabled: req.body.enabled,
        maxGems: req.body.max_gems ?? null,
      });
      return {
        status: 'success' as const,
        domain: set.name,
        auto_renew: { enabled: set.enabled, max_gems: set.maxGems },
      };
    },
  });
};
