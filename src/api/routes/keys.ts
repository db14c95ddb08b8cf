import { createApiKey, listApiKeys, revokeOwnKey } from '../../auth/accounts.ts';
import type { ApiKeyRecord } from '../../domain/account.ts';
import { AppError } from '../../domain/errors.ts';
import { accountPrincipal } from '../../http/auth.ts';
import { clientErrors } from '../schemas/common.ts';
import {
  createKeyBody,
  createKeyResponse,
  keyIdParams,
  listKeysResponse,
  revokeKeyResponse,
} from './agents/agents.schemas.ts';
import { declareRoute, DASHBOARD } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationsPlugin } from '../../http/operations/route.ts';

/** A key as the API shows it: its id, class, prefix and dates, never its secret. */
export function keyView(k: ApiKeyRecord) {
  return {
    key_id: k.id,
    key_class: k.keyClass,
    prefix: `rk_${k.keyClass}_${k.id}_`,
    name: k.name,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
  };
}

export const listKeysRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/keys',
  access: DASHBOARD,
  openapi: {
    operationId: 'listKeys',
    description: "The signed-in account's API keys (never their secrets).",
  },
});

export const createKeyRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/keys',
  idempotent: true,
  access: DASHBOARD,
  area: 'settings',
  openapi: {
    operationId: 'createKey',
    description: 'Creates an agent or live API key; the secret is shown once.',
  },
});

export const deleteKeyRoute = declareRoute({
  method: 'DELETE',
  url: '/api/v1/keys/:key_id',
  access: DASHBOARD,
  area: 'settings',
  openapi: {
    operationId: 'deleteKey',
    description: 'Revokes one of your keys; it stops working on the next request.',
  },
});

export const listKeys = defineOperation(
  listKeysRoute,
  {
    tags: ['keys'],
    summary: "List the account's API keys",
    response: { 200: listKeysResponse, ...clientErrors },
  },
  async (call, services) => {
    const keys = await listApiKeys(call.db, accountPrincipal(call).accountId);
    return { status: 'success' as const, data: keys.map(keyView) };
  },
);

export const createKey = defineOperation(
  createKeyRoute,
  {
    tags: ['keys'],
    summary: 'Create an API key (the secret is shown once)',
    body: createKeyBody,
    response: { 200: createKeyResponse, ...clientErrors },
  },
  async (call, services) => {
    const principal = accountPrincipal(call);
    // A team's key acts with its maker's membership: removed or demoted, the key follows (docs/teams.md).
    const { row, key } = await createApiKey(
      call.db,
      principal.accountId,
      call.body.key_class,
      call.body.name ?? null,
      principal.member?.accountId ?? null,
    );
    return { status: 'success' as const, api_key: key.plaintext, key: keyView(row) };
  },
  // The secret is never stored in plain text, not even with the Idempotency-Key's kept answer.
  { keptWithout: ['api_key'] },
);

export const deleteKey = defineOperation(
  deleteKeyRoute,
  {
    tags: ['keys'],
    summary: 'Revoke one of your API keys (idempotent)',
    params: keyIdParams,
    response: { 200: revokeKeyResponse, ...clientErrors },
  },
  async (call, services) => {
    const em = call.db;
    const accountId = accountPrincipal(call).accountId;
    // Another account's key id is indistinguishable from a missing one.
    if (!(await revokeOwnKey(em, accountId, call.params.key_id)))
      throw new AppError('key_not_found', 'You have no API key with that id.');
    const [row] = (await listApiKeys(em, accountId)).filter((k) => k.id === call.params.key_id);
    return { status: 'success' as const, message: 'The key is revoked.', key: keyView(row as ApiKeyRecord) };
  },
);

// The key dashboard as API routes: a signed-in account manages its own keys and never sees secrets
// again after creation.
export const keyRoutes = operationsPlugin([listKeys, createKey, deleteKey]);
