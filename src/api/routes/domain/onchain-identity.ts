import { parseFullName } from '../../../http/domain-name-param.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { payerOf } from '../../../http/operations/payer.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';
import { onchainIdentityAnswer } from '../../replies/onchain-identity.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { onchainIdentityBody, onchainIdentityResponse } from './onchain-identity.schemas.ts';
import { paidResponses } from '../../schemas/payment-required.ts';
import { declareRoute, MANAGEMENT } from '../../../http/declaration.ts';

export const registerOnchainIdentityRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/:domain_name/erc8004',
  access: MANAGEMENT,
  audited: 'in-transaction',
  area: 'names',
  openapi: {
    operationId: 'registerOnchainIdentity',
    description:
      'Registers the name in the ERC-8004 identity registry on Base (docs/discovery.md "On chain"): the entry’s `agentURI` is the name’s registration file on this registry, the registrar sends the transaction (signed once; a retry never registers twice) and holds the identity, and the answer carries the `agent_id` the registry minted, which the registration file, lookup, RDAP and the zone’s ENSIP-25 text record then show. Paid like any paid operation: default `mpp` (a 402 challenge, paid and re-sent with the receipt), or `gems` at once; counted as `identity` against a spend mandate. A name has one entry: asking again answers the same one; 409 `already_on_chain` while it is being sent. Owner (or who manages the name) only; 403 `onchain_identity_unavailable` where no identity registry is configured.',
  },
});

export const registerOnchainIdentity = defineOperation(
  registerOnchainIdentityRoute,
  {
    tags: ['identity'],
    summary: 'Register a name in the ERC-8004 identity registry (paid): its agent id on chain',
    params: domainNameParams,
    body: onchainIdentityBody,
    response: paidResponses(onchainIdentityResponse),
  },
  async (call, services) => {
    const { name } = parseFullName(services.namespaces, call.params.domain_name);
    const answer = await services.onchainIdentity.register({
      name,
      paymentMethod: call.body.payment_method ?? 'mpp',
      ...payerOf(call),
    });
    return onchainIdentityAnswer(answer);
  },
);

export const onchainIdentityRoutes = operationsPlugin([registerOnchainIdentity]);
