import { readAutoRenew, setAutoRenew as saveAutoRenew } from '../../../renewal/auto-renew-setting.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { parseFullName } from '../../../http/domain-name-param.ts';
import { autoRenewBody, autoRenewResponse } from './auto-renew.schemas.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { declareRoute, ACCOUNT, MANAGEMENT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const getAutoRenewRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name/auto-renew',
  access: MANAGEMENT,
  openapi: {
    operationId: 'getAutoRenew',
    description:
      'Whether auto-renew is on for the domain, with its price cap (`max_gems`; null when off). Whoever may read the domain’s management view: the owner, the owner’s operator, an organization credential with `read`.',
  },
});

export const setAutoRenewRoute = declareRoute({
  method: 'PUT',
  url: '/api/v1/domains/:domain_name/auto-renew',
  access: ACCOUNT,
  area: 'names',
  openapi: {
    operationId: 'setAutoRenew',
    description:
      'Turns auto-renew on with a price cap (`max_gems`, the most a one-year renewal may cost) or off. A few days before expiry (AUTO_RENEW_DAYS_BEFORE) the expiry sweep renews the name for one year from the owner’s gems when the price is within the cap, once per term; otherwise (or when the owner’s spend mandate refuses it, or the price is above its approval threshold: the sweep never pays what needs an approval) it writes `domain.renewal_failed` with the reason. Owner (or the owner’s operator) only.',
  },
});

const setting = (a: { name: string; enabled: boolean; maxGems: number | null }) => ({
  status: 'success' as const,
  domain: a.name,
  auto_renew: { enabled: a.enabled, max_gems: a.maxGems },
});

export const getAutoRenew = defineOperation(
  getAutoRenewRoute,
  {
    tags: ['management'],
    summary: 'Whether auto-renew is on for a domain you own or manage, and its price cap',
    params: domainNameParams,
    response: { 200: autoRenewResponse, ...clientErrors, 401: errorBodySchema, 403: errorBodySchema },
  },
  async (call, services) => {
    const { params, principal } = call;
    const { name } = parseFullName(services.namespaces, params.domain_name);
    return setting(await readAutoRenew(call.db, principal!, name));
  },
);

export const setAutoRenew = defineOperation(
  setAutoRenewRoute,
  {
    tags: ['management'],
    summary: 'Turn auto-renew from the owner’s gems on (with a price cap) or off',
    params: domainNameParams,
    body: autoRenewBody,
    response: { 200: autoRenewResponse, ...clientErrors },
  },
  async (call, services) => {
    const { name } = parseFullName(services.namespaces, call.params.domain_name);
    const set = await saveAutoRenew(call.db, accountPrincipal(call), name, {
      enabled: call.body.enabled,
      maxGems: call.body.max_gems ?? null,
    });
    return setting(set);
  },
);

export const autoRenewRoutes = operationsPlugin([getAutoRenew, setAutoRenew]);
