import { parsePaymentSignature, paymentResponseHeader, PAYMENT_RESPONSE_HEADER } from '../../../payments/x402.ts';
import { resolveTarget } from '../../../http/registration-target.ts';
import { registerAnswer } from '../../replies/registration.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { checkoutPendingResponse, registerBody, registerHeaders, registeredResponse } from './register.schemas.ts';
import { paymentRequiredResponse, usdcPaymentRequiredResponse } from '../../schemas/payment-required.ts';
import { approvalRequiredResponse, paidOperationForbidden } from '../agents/mandate.schemas.ts';
import { declareRoute, MANAGEMENT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';
import { payerOf } from '../../../http/operations/payer.ts';

export const registerDomainRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/register',
  idempotent: true,
  access: [...MANAGEMENT, 'anonymous'],
  audited: 'in-transaction',
  area: 'names',
  openapi: {
    operationId: 'registerDomain',
    description:
      'Registers a name. Default `mpp`: without a receipt a 402 challenge (`WWW-Authenticate: Payment`, mppx’s `tempo` charge in pathUSD), which any MPP client pays and re-sends with `Authorization: Payment <credential>`; by hand, pay `transferWithMemo(pay_to, amount_minor, memo)` on chain and re-send the transaction hash in `Authorization: Payment` or `receipt`. A receipt the chain cannot be asked about now is 503 `verification_unavailable`: re-send the same receipt later, never pay again. A payment that landed after its checkout closed unpaid (expired or reset) registers nothing: its receipt, re-sent by the checkout’s holder, is credited once as gems and answered 409 `checkout_closed` with `details.credited`. `gems` and free registrations complete at once; partner namespaces offer the hosted checkout to people (202). The USDC route (`X-MPP-Network: base-mainnet` and `mpp_network: base-mainnet`, with `X-API-Key`; operator-gated) answers 402 with the checkout relay’s session (`session_id`, single-use `session_token`, `settle_url`, `receipt_url`), the flat `payment_challenges` (x402 `exact`, EIP-3009, `eip155:8453`) and the request, domain and quote it is bound to; 503 `settlement_disabled` when the relay does not settle; asking again before any authorization reached the relay (the client refused to sign) closes that session and answers a fresh 402; once one has, asking again is 409 `payment_may_be_in_flight`, never a second challenge. The same 402 carries x402 v2’s `PAYMENT-REQUIRED` header (scheme `exact` on `eip155:8453`), so a stock x402 client pays unmodified: its retry with `PAYMENT-SIGNATURE` pays the open checkout of the same request and key through the relay, and answers 200 with `PAYMENT-RESPONSE` once the name is active; the same signature again returns that registration and charges nothing.',
    paymentReceipt: true,
  },
});

export const registerDomain = defineOperation(
  registerDomainRoute,
  {
    tags: ['registration'],
    summary:
      'Register a name: 402 challenge on mpp (default route, or the USDC route with X-MPP-Network: base-mainnet), instant on gems or when free, hosted checkout on partner namespaces',
    body: registerBody,
    headers: registerHeaders,
    response: {
      200: registeredResponse,
      202: checkoutPendingResponse.or(approvalRequiredResponse),
      402: paymentRequiredResponse.or(usdcPaymentRequiredResponse).or(errorBodySchema),
      403: paidOperationForbidden,
      409: errorBodySchema,
      503: errorBodySchema,
      ...clientErrors,
    },
  },
  async (call, services) => {
    const { body, headers } = call;
    const target = resolveTarget(services.namespaces, body);
    // Checked by registerHeaders on the way in; Node joins a repeated header into one string.
    const signature = headers['payment-signature'] as string | undefined;
    const x402 = signature ? parsePaymentSignature(signature) : undefined;
    const network = headers['x-mpp-network'] as 'tempo' | 'base-mainnet' | undefined;
    const answer = await services.registration.register({
      ...target,
      years: body.years,
      paymentMethod: body.payment_method ?? 'mpp',
      network: body.mpp_network ?? network ?? 'tempo',
      resellerChannel: body.reseller_channel ?? null,
      targetOwnerId: body.target_owner_id ?? null,
      couponCode: body.coupon_code ?? null,
      ...payerOf(call),
      x402,
    });
    const paid: Record<string, string> =
      x402 && answer.kind === 'registered'
        ? {
            [PAYMENT_RESPONSE_HEADER]: paymentResponseHeader({
              transaction: answer.result.paymentReference,
              network: x402.accepted.network,
              payer: x402.payload.authorization.from,
            }),
          }
        : {};
    return registerAnswer(answer, target.ns.namespace, paid);
  },
);

export const registerRoutes = operationsPlugin([registerDomain]);
