import { readReceipt } from '../../../checkout/receipt.ts';
import type { RegistrationService } from '../../../registration/service.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { resolveTarget } from '../../../http/registration-target.ts';
import { registered } from '../../replies/registration.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { paidOperationForbidden } from '../agents/mandate.schemas.ts';
import { registeredResponse, verifyMppBody } from '../domains/register.schemas.ts';
import { orderIdParams, orderStatusResponse } from './checkouts.schemas.ts';
import { declareRoute, ACCOUNT, PUBLIC } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

export const verifyMppPaymentRoute = declareRoute({
  method: 'POST',
  url: '/api/payments/verify-mpp',
  access: PUBLIC,
  audited: false,
  openapi: {
    operationId: 'verifyMppPayment',
    description: 'Verifies a receipt for an open checkout by session id and registers the domain.',
  },
});

export const getRegistrationOrderRoute = declareRoute({
  method: 'GET',
  url: '/api/agent/register-status/:order_id',
  access: ACCOUNT,
  openapi: {
    operationId: 'getRegistrationOrder',
    description:
      'A registration order by its id (session id or hosted-checkout order id): state, order status, the domain’s id and status, the paying transaction and, on the USDC route, where the relay’s settlement stands (`unknown` when the relay cannot be asked: a payment may be in flight). Complete when settlement is `confirmed`, `order_status` `paid` and `domain_status` `active`.',
  },
});

export const reconcileRegistrationOrderRoute = declareRoute({
  method: 'POST',
  url: '/api/agent/register-status/:order_id/reconcile',
  access: ACCOUNT,
  audited: false,
  area: 'names',
  openapi: {
    operationId: 'reconcileRegistrationOrder',
    description:
      'USDC route (spec 4.6 step 8): looks at the relay now; a confirmed settlement is checked on chain (a `Transfer` of exactly the amount to the receiver) and the domain activated, then the order status is answered. Idempotent: a completed order is answered as it is (same payment reference; no second transfer, order or domain). Not confirmed: 409 `settlement_not_confirmed` with `details.settlement_status`, and nothing is activated; relay unreachable: 503 `relay_unavailable` (poll, never pay again).',
  },
});

export const verifyMppPayment = defineOperation(
  verifyMppPaymentRoute,
  {
    tags: ['registration'],
    summary: 'Verify a machine-payment receipt for an open checkout and register the domain',
    body: verifyMppBody,
    response: {
      200: registeredResponse,
      402: errorBodySchema,
      403: paidOperationForbidden,
      409: errorBodySchema,
      ...clientErrors,
    },
  },
  async (call, services) => {
    const target = resolveTarget(services.namespaces, call.body);
    const verified = await services.registration.verify({
      name: target.name,
      sessionId: call.body.session_id,
      years: call.body.years,
      receipt: readReceipt(call.body.receipt),
    });
    return registered(verified, target.ns.namespace);
  },
);

// Spec 4.6 step 8 and the partner record's `urls.status`: a checkout by its id (the session id, the
// hosted checkout's order id). Only its actor, the person who claimed it, or an operator sees it; to anyone else it does not exist.
export const getRegistrationOrder = defineOperation(
  getRegistrationOrderRoute,
  {
    tags: ['registration'],
    summary: 'Status of a registration order by its id (session id / hosted-checkout order id)',
    params: orderIdParams,
    response: { 200: orderStatusResponse, ...clientErrors },
  },
  async (call, services) =>
    orderStatus(call.params.order_id, await services.registration.order(call.params.order_id, accountPrincipal(call))),
);

// Spec 4.6 step 8: reconcile a relay-settled payment with the registry (idempotent).
export const reconcileRegistrationOrder = defineOperation(
  reconcileRegistrationOrderRoute,
  {
    tags: ['registration'],
    summary: 'USDC route: reconcile a confirmed relay settlement with the registry (idempotent)',
    params: orderIdParams,
    response: { 200: orderStatusResponse, 409: errorBodySchema, 503: errorBodySchema, ...clientErrors },
  },
  async (call, services) =>
    orderStatus(
      call.params.order_id,
      await services.registration.reconcile(call.params.order_id, accountPrincipal(call)),
    ),
);

/** How an order reads on the wire (spec 4.6 step 8: settlement, order and domain status, ids, the transaction). */
function orderStatus(orderId: string, o: Awaited<ReturnType<RegistrationService['order']>>) {
  const r = o.result;
  const onChain = r && /^0x[0-9a-f]{64}$/i.test(r.paymentReference) ? r.paymentReference : null;
  return {
    status: 'success' as const,
    order_id: orderId,
    domain: o.name,
    state: o.state,
    order_status: r
      ? ('paid' as const)
      : o.state === 'refused' || o.state === 'expired_unpaid' || o.state === 'cancelled'
        ? o.state
        : ('pending' as const),
    payment_method: o.method,
    expires_at: o.expiresAt,
    domain_id: r?.domainId ?? null,
    domain_status: o.domainStatus,
    tx_hash: onChain ?? o.settlement?.txHash ?? null,
    settlement: o.settlement
      ? { relay_session_id: o.settlement.relaySessionId, status: o.settlement.status, tx_hash: o.settlement.txHash }
      : null,
    registration: r
      ? {
          domain_id: r.domainId,
          order_id: r.orderId,
          owner_id: r.ownerId,
          expiry_date: r.expiryDate,
          payment_reference: r.paymentReference,
        }
      : null,
  };
}

// An order in progress: verify a receipt for its open checkout, read the order by id and reconcile a
// relay-settled payment. A name's registration in progress: ../domain/registration.ts; ending an unpaid
// checkout: ../domain/reset-lock.ts; the hosted checkout's paid callback: hosted-callback.ts.
export const checkoutProgressRoutes = operationsPlugin([
  verifyMppPayment,
  getRegistrationOrder,
  reconcileRegistrationOrder,
]);
