import type { Client } from '@temporalio/client';
import type { RegistrationResult } from '../../workflows/registration-messages.ts';
import type { Principal } from '../auth/principal.ts';
import { paidOperationService, type Paid, type PaymentRequired } from '../checkout/paid-operation-service.ts';
import type { PresentedReceipt } from '../checkout/receipt.ts';
import type { Config } from '../config/env.ts';
import type { Orm } from '../db/orm.ts';
import type { RegistrationRequest } from '../domain/registration-plan.ts';
import type { PaymentSettings } from '../payments/payment-settings.ts';
import type { UsdcCheckoutSettings } from '../payments/usdc-route.ts';
import type { X402Payment } from '../payments/x402.ts';
import { registrationOperation } from './operation.ts';
import { usdcCheckout, type UsdcCheckout } from './usdc-checkout.ts';

export interface RegistrationDeps {
  config: Config;
  orm: Orm;
  temporal?: Client | undefined;
  payments?: PaymentSettings | undefined;
  /** The USDC route, when the operator enabled it. */
  usdc?: UsdcCheckoutSettings | null | undefined;
}

export interface RegisterCommand extends RegistrationRequest {
  principal: Principal | null;
  /** The client address: the holder of an anonymous checkout. */
  ip: string;
  receipt: PresentedReceipt | undefined;
  /** An x402 client's retry on the USDC route (its `PAYMENT-SIGNATURE`, decoded). */
  x402?: X402Payment | undefined;
  /** The Idempotency-Key's operation (src/http/plugins/idempotency.ts), when the request sent one. */
  operationId?: string | null;
}

/** What a registration request comes to; the HTTP layer renders each. */
export type RegisterAnswer =
  | Paid<'registered', RegistrationResult>
  | PaymentRequired
  | {
      kind: 'usdc_payment_required';
      body: ReturnType<UsdcCheckout['offer']>;
      /** The same challenge in x402 v2's form, for the `PAYMENT-REQUIRED` header. */
      paymentRequired: string;
    }
  | { kind: 'hosted_checkout'; orderId: string; checkoutUrl: string; statusUrl: string; expiresAt: string };

/** What every part of the registration service works over: its settings, its checkout, the USDC route. */
export function registrationContext(deps: RegistrationDeps) {
  const { config, orm } = deps;
  const usdc = deps.usdc ? usdcCheckout(deps.usdc, { publicBaseUrl: config.publicBaseUrl }) : null;
  return { deps, config, orm, usdc, checkout: paidOperationService(deps, registrationOperation) };
}

export type RegistrationContext = ReturnType<typeof registrationContext>;
