import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../auth/principal.ts';
import { teamRepository } from '../../db/team-repository.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import type { Services } from '../../http/operations/services.ts';
import type { Caller, Outcome } from '../../http/operations/invoke.ts';
import { operationsPlugin } from '../../http/operations/route.ts';
import { errorBody } from '../../http/error-handler.ts';
import { batchBody, batchResponse, type BatchItem } from './batch.schemas.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { setAutoRenew } from './domain/auto-renew.ts';
import { declareRoute, MANAGEMENT } from '../../http/declaration.ts';
import { patchDnsRecords } from './domain/dns.ts';
import { putListing } from './domain/listing.ts';
import { lockDomain } from './domain/registrar-lock.ts';
import { renewDomain } from './renew.ts';

export const batchRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/batch',
  access: MANAGEMENT,
  audited: false,
  area: 'names',
  openapi: {
    operationId: 'batch',
    description:
      'Up to 50 operations of the existing API in one request, run in order, each answered with its own status and body exactly as its route would answer it (access rules, validation, refusals and Idempotency-Key included: each under its own `idempotency_key`): `renew` (POST /api/v1/renew), `set_auto_renew` (PUT …/auto-renew), `patch_records` (PATCH …/records), `lock` (POST …/lock) and `list_for_sale` (PUT …/listing). Each stands alone: one refused leaves the others done. A batch does not pay: an operation that would answer a payment challenge (a renewal without `payment_method: gems`) is refused with 402 `batch_cannot_pay` and opens no checkout; send it on its own. The batch itself answers 200 (400 when it is malformed or holds more than 50).',
  },
});

/** Refused before anything opens: a batch does not pay (docs/teams.md "Batch"). */
const cannotPay = (item: BatchItem): Outcome<never> => ({
  ok: false,
  status: 402,
  body: errorBody(
    'batch_cannot_pay',
    `A batch does not pay. Renew ${item.domain} on its own (POST /api/v1/renew) to get its payment challenge, or send payment_method: gems here.`,
  ),
  headers: {},
});

/** Refused once the items have used the credential's limit up: the rest answer 429 as requests would. */
async function overLimit(services: Services, principal: Principal | null, ip: string): Promise<Outcome<never> | null> {
  const counted = await services.countRequest(principal, ip);
  if (counted.allowed) return null;
  const retry = String(counted.retryAfterSeconds);
  return {
    ok: false,
    status: 429,
    body: errorBody(
      'rate_limited',
      `Rate limit exceeded for this credential: each operation of a batch is a request. Retry after ${retry} s.`,
    ),
    headers: { 'retry-after': retry },
  };
}

/**
 * The caller as they stand now: a member acting for a team is read again before each item, with their role
 * as it is now, so a member removed (or demoted) while the batch runs makes no later item (docs/teams.md "Batch").
 */
async function callerNow(
  db: EntityManager,
  principal: Principal | null,
): Promise<{ principal: Principal | null } | Outcome<never>> {
  if (!principal || principal.kind === 'org_key' || !principal.member) return { principal };
  const role = await teamRepository(db).roleOf(principal.accountId, principal.member.accountId);
  if (role) return { principal: { ...principal, member: { ...principal.member, role } } };
  return {
    ok: false,
    status: 403,
    body: errorBody('not_a_member', 'You are no longer a member of this team.', { team_id: principal.accountId }),
    headers: {},
  };
}

/** One item through its route's operation, in-process, as its HTTP route would answer it. */
function run(services: Services, caller: Caller, item: BatchItem): Promise<Outcome> {
  const key = item.idempotency_key === undefined ? {} : { idempotencyKey: item.idempotency_key };
  const params = { domain_name: item.domain };
  switch (item.op) {
    case 'renew':
      if (item.payment_method !== 'gems') return Promise.resolve(cannotPay(item));
      return services.invoke(renewDomain, caller, {
        ...key,
        body: { domain: item.domain, years: item.years, payment_method: 'gems' },
      });
    case 'set_auto_renew':
      return services.invoke(setAutoRenew, caller, {
        ...key,
        params,
        body: { enabled: item.enabled, ...(item.max_gems === undefined ? {} : { max_gems: item.max_gems }) },
      });
    case 'patch_records':
      return services.invoke(patchDnsRecords, caller, { ...key, params, body: { records: item.records } });
    case 'lock':
      return services.invoke(lockDomain, caller, { ...key, params });
    case 'list_for_sale':
      return services.invoke(putListing, caller, {
        ...key,
        params,
        body: { price: item.price, ...(item.min_offer === undefined ? {} : { min_offer: item.min_offer }) },
      });
  }
}

export const batch = defineOperation(
  batchRoute,
  {
    tags: ['management'],
    summary: 'Up to 50 operations in one request, each answered on its own (batches do not pay)',
    body: batchBody,
    response: { 200: batchResponse, ...clientErrors, 401: errorBodySchema, 403: errorBodySchema },
  },
  async (call, services) => {
    const results = [];
    let limited: Outcome<never> | null = null;
    // In order, one after another: a later operation may depend on an earlier one (lock, then list: refused).
    for (const [index, item] of call.body.operations.entries()) {
      // Each item is a request against the credential's limit; the batch's own request paid for the first.
      if (!limited && index > 0) limited = await overLimit(services, call.principal, call.ip);
      const now = limited ?? (await callerNow(call.db, call.principal));
      const outcome =
        'status' in now
          ? now
          : await run(
              services,
              { principal: now.principal, ip: call.ip, log: call.log, channel: 'batch', headers: call.headers },
              item,
            );
      results.push({ index, op: item.op, status: outcome.status, body: outcome.body });
    }
    return { status: 'success' as const, results };
  },
);

export const batchRoutes = operationsPlugin([batch]);
