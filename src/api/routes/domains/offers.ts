import type { EntityManager } from '@mikro-orm/postgresql';
import { auditContext } from '../../../db/audit-context.ts';
import type { OfferView } from '../../../../workflows/offer-messages.ts';
import { manageableOwnerIds } from '../../../auth/domain-access.ts';
import type { Principal } from '../../../auth/principal.ts';
import { presentedReceipt } from '../../../checkout/receipt.ts';
import { AppError } from '../../../domain/errors.ts';
import { minorToUsd } from '../../../domain/market.ts';
import { listOffersOf } from '../../../market/offers/view.ts';
import { OfferNotPending } from '../../../market/offers/refusals.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { parseFullName } from '../../../http/domain-name-param.ts';
import { buyAnswer } from '../../replies/purchase.ts';
import { clientErrors, errorBodySchema, paged } from '../../schemas/common.ts';
import { paidOperationForbidden } from '../agents/mandate.schemas.ts';
import {
  makeOfferBody,
  offerConflictBody,
  offerIdParams,
  offerResponse,
  offersQuery,
  offersResponse,
  payOfferBody,
  respondBody,
} from './offers.schemas.ts';
import { approvalRequiredResponse } from '../agents/mandate.schemas.ts';
import { purchaseResponses } from './purchase.schemas.ts';
import { declareRoute, ACCOUNT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import type { Services } from '../../../http/operations/services.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';
import type { HeldKey } from '../../../http/plugins/idempotency.ts';

/** An offer as the API shows it: gems as a whole number, pathUSD as USD. */
export function offerItem(o: OfferView & { direction?: 'incoming' | 'outgoing' }) {
  return {
    offer_id: o.offerId,
    domain: o.domain,
    ...(o.direction ? { direction: o.direction } : {}),
    currency: o.currency,
    amount: o.currency === 'gems' ? Number(o.amount) : minorToUsd(BigInt(o.amount)),
    status: o.status,
    bidder_id: o.bidderId,
    seller_id: o.sellerId,
    created_at: o.createdAt,
    expires_at: o.expiresAt,
    decided_at: o.decidedAt,
    sale_id: o.saleId,
  };
}

export const makeOfferRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/make-offer',
  idempotent: true,
  access: ACCOUNT,
  area: 'names',
  openapi: {
    operationId: 'makeOffer',
    description:
      'Offers `amount` for a name (any registered name you do not own), in `gems` (whole) or `pathusd` (USD, at most two decimals). Under the seller’s floor (`min_offer` of the listing): 400 `offer_below_minimum` with `minimum` and `currency` beside `code` (spec 7). A gems offer moves the amount from your balance into the offer’s escrow at once (402 `insufficient_gems` otherwise); it comes back when the offer is rejected, withdrawn or expires (`OFFER_TTL_HOURS`), or goes to the seller when accepted. A pathUSD offer holds nothing: once accepted you pay it (`POST …/offers/{id}/pay`). Above the approval threshold of your spend mandate (`approval_above`), as buy-secondary: 202 `approval_required`, and the offer is neither made nor escrowed (a gems amount counts against your budget meanwhile) until the person who manages you approves it; then it opens by itself (its `offer_id` is the `approval_id`). Each offer is a run `offer:<id>` in Temporal.',
  },
});

export const listOffersRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/offers',
  access: ACCOUNT,
  openapi: {
    operationId: 'listOffers',
    description:
      'Offers you or the agents you claimed made (`direction: outgoing`) and offers on names you or they own now (`incoming`), newest first, in every status (`pending`, `accepted`, `rejected`, `withdrawn`, `expired`); paged (limit 1–100, default 50). `domain` narrows the list to the offers on one name; `direction` to those made (`outgoing`) or received (`incoming`).',
  },
});

export const respondToOfferRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/offers/:offer_id/respond',
  idempotent: true,
  access: ACCOUNT,
  area: 'names',
  openapi: {
    operationId: 'respondToOffer',
    description:
      'The owner of the name (or the person who claimed the owning agent) accepts or rejects a pending offer. Accepting a gems offer sells the name from the escrow at once (the answer carries `sale_id`): the name moves, the split is posted, the other pending offers are rejected and their escrows given back. Accepting a pathUSD offer takes the name off sale and opens the bidder’s payment window (`CHECKOUT_TTL_SECONDS`). 200 only when the offer ended as asked; otherwise 409 `offer_not_pending` with the offer as it ended in `offer` (withdrawn, expired, rejected because the name was sold to someone else first, even after the acceptance was recorded). Not yours: 404.',
    responses: {
      '409':
        '`offer_not_pending`: the offer ended otherwise (withdrawn, expired, decided, or the name sold to someone else); `offer` is the offer as it ended.',
    },
  },
});

export const withdrawOfferRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/offers/:offer_id/withdraw',
  idempotent: true,
  access: ACCOUNT,
  area: 'names',
  openapi: {
    operationId: 'withdrawOffer',
    description:
      'The bidder (or the person who claimed the bidding agent) withdraws a pending offer; a gems escrow comes back at once. Already decided (accepted and sold, rejected, expired): 409 `offer_not_pending` with the offer as it ended in `offer`.',
    responses: {
      '409': '`offer_not_pending`: the offer ended otherwise first; `offer` is the offer as it ended.',
    },
  },
});

export const payAcceptedOfferRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/offers/:offer_id/pay',
  idempotent: true,
  access: ACCOUNT,
  area: 'names',
  openapi: {
    operationId: 'payAcceptedOffer',
    description:
      'The bidder pays an accepted pathUSD offer: without a receipt a 402 challenge for the offered amount (as registration’s); pay once and re-send with the transaction hash; the sale completes as a purchase does. After the window closes unpaid the offer ends `expired`.',
  },
});

// 409: decided otherwise (the offer as it stands); 503: the offer's run could not take it just now.
const decided = {
  200: offerResponse,
  409: offerConflictBody,
  // Accepting an offer on a locked name (docs/teams.md "Registrar lock").
  423: errorBodySchema,
  503: errorBodySchema,
  ...clientErrors,
};

/** The account ids a caller speaks for: its own and the agents it claimed (spec 5 rule 1). */
const speaksFor = (call: { principal: Principal | null; db: EntityManager }) =>
  manageableOwnerIds(call.db, accountPrincipal(call));

/** A decision's answer: the offer when it ended as asked, else 409 with the offer as it stands. */
async function decision(
  call: { principal: Principal | null; idempotency: HeldKey | null; db: EntityManager },
  services: Services,
  offerId: string,
  action: 'accept' | 'reject' | 'withdraw',
) {
  try {
    const view = await services.offers.decide({
      offerId,
      accountIds: await speaksFor(call),
      action,
      operationId: call.idempotency?.operationId ?? null,
    });
    return { status: 'success' as const, offer: offerItem(view) };
  } catch (err) {
    if (!(err instanceof OfferNotPending)) throw err;
    throw new AppError(err.code, err.message, undefined, undefined, { offer: offerItem(err.offer) });
  }
}

export const makeOffer = defineOperation(
  makeOfferRoute,
  {
    tags: ['market'],
    summary: 'Offer an amount for a name; a gems offer is held in escrow until it ends',
    body: makeOfferBody,
    response: {
      200: offerResponse,
      202: approvalRequiredResponse,
      402: errorBodySchema,
      403: paidOperationForbidden,
      409: errorBodySchema,
      503: errorBodySchema,
      ...clientErrors,
    },
  },
  async (call, services) => {
    const { name } = parseFullName(services.namespaces, call.body.domain);
    const view = await services.offers.make({
      bidderId: accountPrincipal(call).accountId,
      name,
      amount: call.body.amount,
      currency: call.body.currency,
      operationId: call.idempotency?.operationId ?? null,
    });
    return { status: 'success' as const, offer: offerItem(view) };
  },
);

export const listOffers = defineOperation(
  listOffersRoute,
  {
    tags: ['market'],
    summary: 'Offers you (or agents you claimed) made and offers on names you or they own, newest first',
    querystring: offersQuery,
    response: { 200: offersResponse, ...clientErrors },
  },
  async (call, services) => {
    const { limit, offset, domain, direction } = call.query;
    const name = domain === undefined ? undefined : parseFullName(services.namespaces, domain).name;
    const ids = await speaksFor(call);
    const page = await listOffersOf(call.db, ids, { limit, offset }, name, direction);
    return paged(page, { limit, offset }, offerItem);
  },
);

export const respondToOffer = defineOperation(
  respondToOfferRoute,
  {
    tags: ['market'],
    summary: 'Accept or reject a pending offer on a name you (or an agent you claimed) own',
    params: offerIdParams,
    body: respondBody,
    response: decided,
  },
  async (call, services) => decision(call, services, call.params.offer_id, call.body.action),
);

export const withdrawOffer = defineOperation(
  withdrawOfferRoute,
  {
    tags: ['market'],
    summary: 'Withdraw your pending offer; a gems escrow comes back at once',
    params: offerIdParams,
    response: decided,
  },
  async (call, services) => decision(call, services, call.params.offer_id, 'withdraw'),
);

export const payAcceptedOffer = defineOperation(
  payAcceptedOfferRoute,
  {
    tags: ['market'],
    summary: 'Pay your accepted pathUSD offer: 402 challenge, then the sale',
    params: offerIdParams,
    body: payOfferBody,
    response: purchaseResponses,
  },
  async (call, services) => {
    // The sale is made by the offer's run; its one event is written when the paying call answers, keyed by the
    // offer, so a paid retry whose answer was lost records nothing again.
    auditContext.keyed(`offer-pay:${call.params.offer_id}`);
    const answer = await services.offers.pay(
      call.params.offer_id,
      accountPrincipal(call).accountId,
      presentedReceipt(call.body.receipt, call.headers.authorization as string | undefined),
    );
    return buyAnswer(answer);
  },
);

// Offers (spec 4.7, docs/market.md "Offers"): make, list, respond, withdraw, and pay an accepted
// pathUSD offer. Making and paying act as the calling account; the list and the decisions also cover
// the agents it claimed (spec 5 rule 1: management), as the management routes do.
export const offerRoutes = operationsPlugin([makeOffer, listOffers, respondToOffer, withdrawOffer, payAcceptedOffer]);
