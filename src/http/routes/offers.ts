import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { OfferView } from '../../../workflows/offer-messages.ts';
import { manageableOwnerIds } from '../../auth/domain-access.ts';
import { presentedReceipt } from '../../checkout/receipt.ts';
import { AppError } from '../../domain/errors.ts';
import { minorToUsd } from '../../domain/market.ts';
import { listOffersOf } from '../../market/offer-view.ts';
import { OfferNotPending } from '../../market/offers.ts';
import { accountPrincipal } from '../auth.ts';
import { parseFullName } from '../domain-name-param.ts';
import { sendBuyAnswer } from '../replies/purchase.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import {
  makeOfferBody,
  offerConflictBody,
  offerIdParams,
  offerResponse,
  offersQuery,
  offersResponse,
  payOfferBody,
  respondBody,
} from '../schemas/offers.ts';
import { purchaseResponses } from '../schemas/purchase.ts';

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

// Offers (spec 4.7, docs/market.md "Offers"): make, list, respond, withdraw, and pay an accepted
// pathUSD offer. Making and paying act as the calling account; the list and the decisions also cover
// the agents it claimed (spec 5 rule 1: management), as the management routes do.
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { namespaces, orm } = app.deps;
  const offers = app.offers;
  // 409: decided otherwise (the offer as it stands); 503: the offer's run could not take it just now.
  const decided = { 200: offerResponse, 409: offerConflictBody, 503: errorBodySchema, ...clientErrors };
  const speaksFor = (req: FastifyRequest) => manageableOwnerIds(orm.em.fork(), accountPrincipal(req));

  /** A decision's answer: the offer when it ended as asked, else 409 with the offer as it stands. */
  async function decision(req: FastifyRequest, offerId: string, action: 'accept' | 'reject' | 'withdraw') {
    try {
      const view = await offers.decide({
        offerId,
        accountIds: await speaksFor(req),
        action,
        operationId: req.idempotency?.operationId ?? null,
      });
      return { status: 'success' as const, offer: offerItem(view) };
    } catch (err) {
      if (!(err instanceof OfferNotPending)) throw err;
      throw new AppError(err.code, err.message, undefined, undefined, { offer: offerItem(err.offer) });
    }
  }

  app.post(
    '/api/v1/domains/make-offer',
    {
      schema: {
        tags: ['market'],
        summary: 'Offer an amount for a name; a gems offer is held in escrow until it ends',
        body: makeOfferBody,
        response: {
          200: offerResponse,
          402: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
          ...clientErrors,
        },
      },
    },
    async (req) => {
      const { name } = parseFullName(namespaces, req.body.domain);
      const view = await offers.make({
        bidderId: accountPrincipal(req).accountId,
        name,
        amount: req.body.amount,
        currency: req.body.currency,
        operationId: req.idempotency?.operationId ?? null,
      });
      return { status: 'success' as const, offer: offerItem(view) };
    },
  );

  app.get(
    '/api/v1/domains/offers',
    {
      schema: {
        tags: ['market'],
        summary: 'Offers you (or agents you claimed) made and offers on names you or they own, newest first',
        querystring: offersQuery,
        response: { 200: offersResponse, ...clientErrors },
      },
    },
    async (req) => {
      const { limit, offset } = req.query;
      const page = await listOffersOf(orm.em.fork(), await speaksFor(req), { limit, offset });
      return { status: 'success' as const, data: page.items.map(offerItem), limit, offset, total: page.total };
    },
  );

  app.post(
    '/api/v1/domains/offers/:offer_id/respond',
    {
      schema: {
        tags: ['market'],
        summary: 'Accept or reject a pending offer on a name you (or an agent you claimed) own',
        params: offerIdParams,
        body: respondBody,
        response: decided,
      },
    },
    async (req) => decision(req, req.params.offer_id, req.body.action),
  );

  app.post(
    '/api/v1/domains/offers/:offer_id/withdraw',
    {
      schema: {
        tags: ['market'],
        summary: 'Withdraw your pending offer; a gems escrow comes back at once',
        params: offerIdParams,
        response: decided,
      },
    },
    async (req) => decision(req, req.params.offer_id, 'withdraw'),
  );

  app.post(
    '/api/v1/domains/offers/:offer_id/pay',
    {
      schema: {
        tags: ['market'],
        summary: 'Pay your accepted pathUSD offer: 402 challenge, then the sale',
        params: offerIdParams,
        body: payOfferBody,
        response: purchaseResponses,
      },
    },
    async (req, reply) => {
      const answer = await offers.pay(
        req.params.offer_id,
        accountPrincipal(req).accountId,
        presentedReceipt(req.body.receipt, req.headers.authorization),
      );
      return sendBuyAnswer(reply, answer);
    },
  );
};
