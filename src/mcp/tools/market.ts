import { z } from 'zod';
import { makeOfferBody, offerResponse, respondBody } from '../../api/routes/domains/offers.schemas.ts';
import { buySecondaryBody, purchasedResponse } from '../../api/routes/domains/purchase.schemas.ts';
import { defineTool, writes, requestId } from './tool.ts';
import * as offers from '../../api/routes/domains/offers.ts';
import { buySecondary } from '../../api/routes/domains/purchase.ts';

export const buyDomain = defineTool({
  name: 'buy_domain',
  title: 'Buy a listed name',
  description:
    'Buys a name listed for sale (POST /api/v1/domains/buy-secondary). Default `mpp`: a payment-required error (-32042) for the USD asking price, paid as register_domain’s; `gems` buys at the gems price from your balance at once.',
  operation: buySecondary,
  input: buySecondaryBody.extend(requestId),
  output: purchasedResponse,
  hints: writes({ openWorld: true }),
  paid: true,
  request: (body) => ({ body }),
});

export const makeOffer = defineTool({
  name: 'make_offer',
  title: 'Make an offer',
  description:
    'Offers `amount` for a registered name you do not own, in `gems` (held in escrow until the offer ends) or `pathusd` (paid once accepted) (POST /api/v1/domains/make-offer). Under the seller’s floor: `offer_below_minimum`.',
  operation: offers.makeOffer,
  input: makeOfferBody.extend(requestId),
  output: offerResponse,
  hints: writes({}),
  request: (body) => ({ body }),
});

export const respondToOffer = defineTool({
  name: 'respond_to_offer',
  title: 'Accept or reject an offer',
  description:
    'The owner accepts or rejects a pending offer on a name (POST /api/v1/domains/offers/{offer_id}/respond). Accepting a gems offer sells the name at once.',
  operation: offers.respondToOffer,
  input: respondBody.extend({ offer_id: z.string().min(1).max(64), ...requestId }),
  output: offerResponse,
  hints: writes({ destructive: true }),
  request: ({ offer_id, action }) => ({ params: { offer_id }, body: { action } }),
});
