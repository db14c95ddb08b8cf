import { parseFullName } from '../../http/domain-name-param.ts';
import { renewAnswer } from '../replies/renewal.ts';
import { renewBody, renewedResponse } from './renew.schemas.ts';
import { declareRoute, MANAGEMENT } from '../../http/declaration.ts';
import { defineOperation } from '../../http/operations/operation.ts';
import { operationsPlugin } from '../../http/operations/route.ts';
import { payerOf } from '../../http/operations/payer.ts';
import { paidResponses } from '../schemas/payment-required.ts';

export const renewDomainRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/renew',
  idempotent: true,
  access: [...MANAGEMENT, 'anonymous'],
  audited: 'in-transaction',
  area: 'names',
  openapi: {
    operationId: 'renewDomain',
    description:
      'Extends a name’s term from its current expiry date. Default `mpp`: without a receipt a 402 challenge like registration’s; anyone may pay (the owner never changes), and the paid retry answers 200 with `new_expiry_date` (a lost answer is given again for the same receipt, never a second extension; 503 `verification_unavailable` when the chain cannot be asked now: re-send the same receipt). `gems` is the owner’s extension. A payment that landed after its checkout closed unpaid is credited once as gems to the checkout’s holder (409 `checkout_closed` with `details.credited`). A term never reaches more than 10 years ahead (400 `renewal_term_too_long` says how many years are allowed); in the grace period only the owner may renew; an expired or unknown name is 404.',
  },
});

export const renewDomain = defineOperation(
  renewDomainRoute,
  {
    tags: ['registration'],
    summary: 'Renew a name: 402 challenge on mpp (anyone may pay), instant with the owner’s gems',
    body: renewBody,
    response: paidResponses(renewedResponse),
  },
  async (call, services) => {
    const { name, ns } = parseFullName(services.namespaces, call.body.domain);
    const answer = await services.renewal.renew({
      name,
      ns,
      years: call.body.years,
      paymentMethod: call.body.payment_method ?? 'mpp',
      ...payerOf(call),
    });
    return renewAnswer(answer);
  },
);

export const renewRoutes = operationsPlugin([renewDomain]);
