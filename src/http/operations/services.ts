import type { Client } from '@temporalio/client';
import type { Config } from '../../config/env.ts';
import type { NamespaceDirectory } from '../../domain/namespace-directory.ts';
import type { CardSigner } from '../../identity/signing-key.ts';
import type { OnchainIdentityService } from '../../identity/onchain-service.ts';
import type { RegistrarLockService } from '../../locks/service.ts';
import type { approvalService } from '../../mandates/approvals.ts';
import type { OfferService } from '../../market/offers/service.ts';
import type { PurchaseService } from '../../market/purchase.ts';
import type { PaymentSettings } from '../../payments/payment-settings.ts';
import type { UsdcCheckoutSettings } from '../../payments/usdc-route.ts';
import type { RegistrationService } from '../../registration/service.ts';
import type { RenewalService } from '../../renewal/service.ts';
import type { TeamService } from '../../teams/service.ts';
import type { DeliveryRuns } from '../../webhooks/delivery-runs.ts';
import type { PublicCache } from '../public-cache.ts';
import type { AppDeps } from '../deps.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Caller, Outcome } from './invoke.ts';
import type { Input, Operation, Output } from './operation.ts';

/**
 * What an operation runs over, besides its call: the settings it reads and the services that do the work,
 * built once per app. No HTTP server and no database handle: a call's reads and writes go through its own
 * unit of work (`Call.db`), and the services open theirs. So an operation is called the same way from a
 * route, an MCP tool, a batch item, a form, or a test with no Fastify at all.
 */
export interface Services {
  config: Config;
  namespaces: NamespaceDirectory;
  cardSigner: CardSigner;
  temporal?: Client | undefined;
  payments?: PaymentSettings | undefined;
  usdc?: UsdcCheckoutSettings | undefined;
  /** The read cache of public answers and account views (docs/performance.md). */
  publicCache: PublicCache;
  registration: RegistrationService;
  renewal: RenewalService;
  purchase: PurchaseService;
  offers: OfferService;
  onchainIdentity: OnchainIdentityService;
  registrarLock: RegistrarLockService;
  teams: TeamService;
  approvals: ReturnType<typeof approvalService>;
  /** Starts the payouts of a seller's sales held for want of a payout address; how many. */
  payOutHeldSales(sellerId: string): Promise<number>;
  /** The webhook delivery runs on Temporal; null without Temporal. */
  deliveryRuns: DeliveryRuns | null;
  /**
   * A service made by `factory` over the app's dependencies, built at its first use and kept for the app's
   * life: how a new operation's service joins without a line here (src/checkout/README.md).
   */
  use<T>(factory: (deps: AppDeps) => T): T;
  /** Another operation, called in-process through the whole pipeline (a batch's items). */
  invoke<O extends Operation>(
    op: O,
    caller: Caller,
    input?: Input<O> & { idempotencyKey?: string },
  ): Promise<Outcome<Output<O>>>;
  /** Counts one request against the caller's rate limit (a batch's items after the first). */
  countRequest(principal: Principal | null, ip: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app's operations run over (src/http/plugins/services.ts builds it). */
    services: Services;
  }
}
