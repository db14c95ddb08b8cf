import { z } from 'zod';
import { registerBody, registeredResponse } from '../../api/routes/domains/register.schemas.ts';
import { orderIdParams, orderStatusResponse } from '../../api/routes/checkout/checkouts.schemas.ts';
import { renewBody, renewedResponse } from '../../api/routes/renew.schemas.ts';
import { onchainIdentityBody, onchainIdentityResponse } from '../../api/routes/domain/onchain-identity.schemas.ts';
import { defineTool, reads, writes, requestId } from './tool.ts';
import { getRegistrationOrder } from '../../api/routes/checkout/progress.ts';
import * as register from '../../api/routes/domains/register.ts';
import * as renew from '../../api/routes/renew.ts';
import * as onchainIdentity from '../../api/routes/domain/onchain-identity.ts';

// Registration and renewal pay: `mpp` (the default) through the Payment-Auth binding, `gems` at once.
// The hosted checkout (people) and the USDC route (its own relay session) stay HTTP-only.
const paymentMethod = z
  .enum(['mpp', 'gems'])
  .optional()
  .describe(
    'mpp (default): a payment-required error with a Tempo charge challenge; gems: paid from your balance at once',
  );

export const registerDomain = defineTool({
  name: 'register_domain',
  title: 'Register a name',
  description:
    'Registers a name (POST /api/v1/domains/register). Default `mpp`: the call fails with a payment-required error (-32042) carrying a Tempo charge challenge; an mppx-aware client pays and calls again with the credential in `_meta["org.paymentauth/credential"]`, and the result carries the receipt in `_meta["org.paymentauth/receipt"]`. `gems` completes at once.',
  operation: register.registerDomain,
  input: registerBody.omit({ payment_method: true, mpp_network: true }).extend({
    payment_method: paymentMethod,
    ...requestId,
  }),
  output: registeredResponse,
  hints: writes({ openWorld: true }),
  paid: true,
  request: (body) => ({ body }),
});

export const renewDomain = defineTool({
  name: 'renew_domain',
  title: 'Renew a name',
  description:
    'Extends a name’s term from its current expiry (POST /api/v1/renew). Default `mpp` (anyone may pay) through the payment-required error as register_domain; `gems` is the owner’s extension.',
  operation: renew.renewDomain,
  input: renewBody.omit({ payment_method: true }).extend({ payment_method: paymentMethod, ...requestId }),
  output: renewedResponse,
  hints: writes({ openWorld: true }),
  paid: true,
  request: (body) => ({ body }),
});

export const registrationStatus = defineTool({
  name: 'registration_status',
  title: 'Registration order status',
  description:
    'Where a registration order of yours stands, by its id (the `session_id` of the checkout): state, order status, the domain and the paying transaction (GET /api/agent/register-status/{order_id}).',
  operation: getRegistrationOrder,
  input: orderIdParams,
  output: orderStatusResponse,
  hints: reads(),
  request: (params) => ({ params }),
});

export const registerOnchainIdentity = defineTool({
  name: 'register_onchain_identity',
  title: 'Register a name on chain (ERC-8004)',
  description:
    'Registers a name you own in the ERC-8004 identity registry on Base (POST /api/v1/domains/{domain_name}/erc8004): the result carries the `agent_id` minted for it. Paid like register_domain: `mpp` (default) through the payment-required error, `gems` at once. A name has one entry: asking again answers the same one.',
  operation: onchainIdentity.registerOnchainIdentity,
  input: onchainIdentityBody.omit({ payment_method: true }).extend({
    domain_name: z.string().min(1).max(300).describe('Full name ("scout.agent")'),
    payment_method: paymentMethod,
    ...requestId,
  }),
  output: onchainIdentityResponse,
  hints: writes({ idempotent: true, openWorld: true }),
  paid: true,
  request: ({ domain_name, ...body }) => ({ params: { domain_name }, body }),
});
