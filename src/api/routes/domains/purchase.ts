import { parseFullName } from '../../../http/domain-name-param.ts';
import { buyAnswer } from '../../replies/purchase.ts';
import { buySecondaryBody, purchaseResponses } from './purchase.schemas.ts';
import { declareRoute, MANAGEMENT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';
import { payerOf } from '../../../http/operations/payer.ts';

// Anyone may buy a listed name; a machine payer without a credential becomes the wallet's identity.
export const buySecondaryRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/buy-secondary',
  idempotent: true,
  access: [...MANAGEMENT, 'anonymous'],
  audited: 'in-transaction',
  area: 'names',
  openapi: {
    operationId: 'buySecondary',
    description:
      'Buys a listed name. Default `mpp`: without a receipt a 402 challenge for the USD asking price (pathUSD, like registration’s); pay once, re-send with the transaction hash; the name moves to the buyer (the key’s account, or the paying wallet’s identity). A payment that landed after its checkout closed unpaid is credited once as gems to the checkout’s holder (409 `checkout_closed` with `details.credited`). `payment_method: "gems"` buys at the gems price from your balance at once. One open purchase per name: a second buyer gets 409 `name_being_bought` before paying. A landed payment completes at the price it was challenged at, even if the listing changed; if the name changed hands meanwhile the payment is credited back as gems. `affiliate_id` (an account id or a person’s username, not the buyer or seller) earns 5%.',
  },
});

export const buySecondary = defineOperation(
  buySecondaryRoute,
  {
    tags: ['market'],
    summary: 'Buy a listed name: 402 challenge for the USD asking price (mpp), instant with gems',
    body: buySecondaryBody,
    response: purchaseResponses,
  },
  async (call, services) => {
    const { name } = parseFullName(services.namespaces, call.body.domain);
    const answer = await services.purchase.buy({
      name,
      paymentMethod: call.body.payment_method ?? 'mpp',
      affiliateId: call.body.affiliate_id ?? null,
      ...payerOf(call),
    });
    return buyAnswer(answer);
  },
);

export const purchaseRoutes = operationsPlugin([buySecondary]);
