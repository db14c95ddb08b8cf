import type { FastifyPluginAsync } from 'fastify';
import { claimAgent as claimAccount, provisionAgent as provisionAccount } from '../../../auth/accounts.ts';
import { principalAccount } from '../../../auth/authenticate.ts';
import { personOf } from '../../../auth/principal.ts';
import { claimedAgents, revokeClaimedAgentKey } from '../../../auth/claimed-agents.ts';
import { gemsBalance } from '../../../ledger/gems.ts';
import { accountRepository } from '../../../db/account-repository.ts';
import { credentialRepository } from '../../../db/credential-repository.ts';
import type { AccountRecord } from '../../../domain/account.ts';
import { AppError } from '../../../domain/errors.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { mandateStanding } from '../../../mandates/service.ts';
import { clientErrors, errorBodySchema, paged } from '../../schemas/common.ts';
import { pagination } from '../domains/managed.schemas.ts';
import { keyView } from '../keys.ts';
import {
  agentKeyParams,
  balanceResponse,
  claimBody,
  claimedAgentsResponse,
  claimResponse,
  meResponse,
  payoutAddressBody,
  payoutAddressResponse,
  provisionBody,
  provisionResponse,
  revokeKeyResponse,
} from './agents.schemas.ts';
import { declareRoute, ACCOUNT, DASHBOARD, PUBLIC } from '../../../http/declaration.ts';
import { defineOperation, type Operation } from '../../../http/operations/operation.ts';
import { operationRoute } from '../../../http/operations/route.ts';

const ASSURANCE_NOTICE =
  'Assurance says only whether an operator has claimed this identity. It does not certify a legal identity, agent safety or admission to any marketplace.';

export function identityView(a: AccountRecord) {
  return {
    account_id: a.id,
    kind: a.kind,
    assurance: a.assurance,
    operator_linked: a.operatorAccountId !== null,
    created_at: a.createdAt.toISOString(),
  };
}

export const provisionAgentRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/agents/provision',
  access: PUBLIC,
  openapi: {
    operationId: 'provisionAgent',
    description:
      'Creates an anonymous agent identity; returns its API key and a single-use claim code (both shown once). Rate-limited per address.',
  },
});

export const claimAgentRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/agents/claim',
  access: DASHBOARD,
  area: 'names',
  openapi: {
    operationId: 'claimAgent',
    description: 'A signed-in operator binds an anonymous agent with its single-use claim code.',
  },
});

export const getMeRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/agents/me',
  access: ACCOUNT,
  openapi: {
    operationId: 'getMe',
    description: 'The calling identity, without secrets, with its wallet and payout addresses.',
  },
});

export const setPayoutAddressRoute = declareRoute({
  method: 'PUT',
  url: '/api/v1/agents/me/payout-address',
  access: ACCOUNT,
  area: 'billing',
  openapi: {
    operationId: 'setPayoutAddress',
    description:
      'Sets (`{"address": "0x…"}`, stored lowercase) or clears (`{"address": null}`) where your pathUSD sale proceeds are paid on chain. An EVM address of 40 hex digits; a mixed-case one must pass its EIP-55 checksum; the zero address is refused. A sale keeps the address it was made with: a change applies to later sales; without an address proceeds are held as a balance. Organization credentials are refused, as on `/agents/me`.',
    responses: { '400': '`validation_failed`: not an address, a wrong checksum or the zero address; nothing changed' },
  },
});

export const getBalanceRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/agents/me/balance',
  access: ACCOUNT,
  openapi: {
    operationId: 'getBalance',
    description: 'Your gems balance: what registrations, renewals, purchases and offers in gems draw on.',
  },
});

export const listClaimedAgentsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/agents',
  access: DASHBOARD,
  openapi: {
    operationId: 'listClaimedAgents',
    description:
      'The agents you claimed, oldest claim first, paginated: each with its keys (prefix and last use, never a secret) and how many domains it holds (`GET /api/v1/domains?owner_id=…` lists them).',
  },
});

export const revokeAgentKeyRoute = declareRoute({
  method: 'DELETE',
  url: '/api/v1/agents/:agent_id/keys/:key_id',
  access: DASHBOARD,
  area: 'names',
  openapi: {
    operationId: 'revokeAgentKey',
    description:
      'Revokes a key of an agent you claimed; it stops working on its next request (idempotent). The claiming operator manages the agent (its domains, checkouts and ledger), so may stop its keys without holding their secrets. An agent you did not claim, or a key it does not have: 404 `key_not_found`, alike.',
  },
});

export const provisionAgent = defineOperation(
  provisionAgentRoute,
  {
    tags: ['identity'],
    summary: 'Create an anonymous agent identity; returns its API key (once) and a single-use claim code',
    body: provisionBody,
    response: { 200: provisionResponse, ...clientErrors },
  },
  async (call, services) => {
    const { account, key, claimCode } = await provisionAccount(call.db, call.body.display_name);
    return {
      status: 'success' as const,
      account_id: account.id,
      assurance: 'anonymous' as const,
      api_key: key.plaintext,
      key_id: key.id,
      key_class: 'agent' as const,
      claim_code: claimCode,
      message: 'Store the API key now: it is shown only once. Send it as X-API-Key.',
    };
  },
);

export const claimAgent = defineOperation(
  claimAgentRoute,
  {
    tags: ['identity'],
    summary: 'Bind an anonymous agent identity to the signed-in operator with its claim code',
    body: claimBody,
    response: { 200: claimResponse, ...clientErrors },
  },
  async (call, services) => {
    const principal = accountPrincipal(call);
    const agent = await claimAccount(call.db, principal.accountId, call.body.claim_code, personOf(principal));
    return {
      status: 'success' as const,
      message: `Agent ${agent.id} is now claimed by you.`,
      agent: identityView(agent),
    };
  },
);

// The account part comes from the read cache while the account is unchanged (docs/performance.md "Performance").
export const getMe = defineOperation(
  getMeRoute,
  {
    tags: ['identity'],
    summary: 'Describe the calling identity (no secrets, no scopes)',
    response: { 200: meResponse, 401: errorBodySchema, 403: errorBodySchema, ...clientErrors },
  },
  async (call, services) => {
    const principal = accountPrincipal(call);
    const name = `account:${principal.accountId}`;
    // The standing is never cached (what remains changes with every spend), but whether there is a
    // mandate at all is, so an agent without one (most) costs no query for it.
    const standingOf = async (accountId: string) => {
      if (services.publicCache.get(name, 'mandate') === false) return null;
      const stamp = services.publicCache.stamp();
      const standing = await mandateStanding(call.db, accountId);
      services.publicCache.set(name, 'mandate', standing !== null, stamp);
      return standing;
    };
    let view = services.publicCache.get(name, 'account');
    if (!view) {
      const stamp = services.publicCache.stamp();
      const account = await principalAccount(call.db, principal);
      view = {
        ...identityView(account),
        display_name: account.displayName,
        is_reseller: account.isReseller,
        wallet_address: account.walletAddress,
        payout_address: account.payoutAddress,
      };
      services.publicCache.set(name, 'account', view, stamp);
    }
    return {
      status: 'success' as const,
      account: view,
      credential: { class: principal.kind },
      mandate: await standingOf(principal.accountId),
      notice: ASSURANCE_NOTICE,
    };
  },
);

export const setPayoutAddress = defineOperation(
  setPayoutAddressRoute,
  {
    tags: ['identity'],
    summary: 'Set or clear where your pathUSD sale proceeds are paid on chain',
    body: payoutAddressBody,
    response: { 200: payoutAddressResponse, 401: errorBodySchema, 403: errorBodySchema, ...clientErrors },
  },
  async (call, services) => {
    const { accountId } = accountPrincipal(call);
    await accountRepository(call.db).setPayoutAddress(accountId, call.body.address);
    // Proceeds held for want of an address are paid to the new one (docs/market.md "Payouts").
    if (call.body.address) await services.payOutHeldSales(accountId);
    return { status: 'success' as const, payout_address: call.body.address };
  },
);

export const getBalance = defineOperation(
  getBalanceRoute,
  {
    tags: ['identity'],
    summary: 'Your gems balance',
    response: { 200: balanceResponse, 401: errorBodySchema, 403: errorBodySchema, ...clientErrors },
  },
  async (call, services) => {
    const { accountId } = accountPrincipal(call);
    return {
      status: 'success' as const,
      account_id: accountId,
      gems_balance: await gemsBalance(call.db, accountId),
    };
  },
);

export const listClaimedAgents = defineOperation(
  listClaimedAgentsRoute,
  {
    tags: ['identity'],
    summary: 'The agents you claimed, with their keys and domain counts',
    querystring: pagination,
    response: { 200: claimedAgentsResponse, ...clientErrors },
  },
  async (call, services) => {
    const { limit, offset } = call.query;
    const page = await claimedAgents(call.db, accountPrincipal(call).accountId, { limit, offset });
    return paged(page, { limit, offset }, ({ agent, keys, domainCount }) => ({
      account_id: agent.id,
      display_name: agent.displayName,
      assurance: agent.assurance,
      claimed_at: agent.claimedAt?.toISOString() ?? null,
      created_at: agent.createdAt.toISOString(),
      domain_count: domainCount,
      keys: keys.map(keyView),
    }));
  },
);

export const revokeAgentKey = defineOperation(
  revokeAgentKeyRoute,
  {
    tags: ['identity'],
    summary: 'Revoke a key of an agent you claimed (idempotent)',
    params: agentKeyParams,
    response: { 200: revokeKeyResponse, ...clientErrors },
  },
  async (call, services) => {
    const em = call.db;
    const { agent_id, key_id } = call.params;
    if (!(await revokeClaimedAgentKey(em, accountPrincipal(call).accountId, agent_id, key_id)))
      throw new AppError('key_not_found', 'None of the agents you claimed has a key with that id.');
    const key = await credentialRepository(em).findKey(key_id);
    if (!key) throw new Error(`key ${key_id} is gone`);
    return { status: 'success' as const, message: 'The agent’s key is revoked.', key: keyView(key) };
  },
);

export const agentRoutes: FastifyPluginAsync = async (app) => {
  const provision = operationRoute(app, provisionAgent);
  const { PROVISION_LIMIT_MAX: max, PROVISION_LIMIT_WINDOW_SECONDS: window } = app.deps.config;
  // Per client address: nobody mints identities in bulk.
  app.route({ ...provision, config: { ...provision.config, rateLimit: { max, timeWindow: window * 1000 } } });
  const ops: Operation[] = [claimAgent, getMe, setPayoutAddress, getBalance, listClaimedAgents, revokeAgentKey];
  for (const op of ops) app.route(operationRoute(app, op));
};
