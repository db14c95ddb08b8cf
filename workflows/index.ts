import type * as bundle from './index.ts';
import type { ExportsPaidRuns } from './paid-operations-messages.ts';

// Entry point of the workflow bundle. Only deterministic code may be reachable from here: no Node
// built-ins, no ORM, no network; activities are imported as types only.
export { catalogSyncWorkflow } from './catalog-sync.ts';
export { registrationWorkflow } from './registration.ts';
export { renewalWorkflow } from './renewal.ts';
export { onchainIdentityWorkflow } from './onchain-identity.ts';
export { registrarUnlockWorkflow } from './registrar-unlock.ts';
export { expirySweepWorkflow } from './expiry-sweep.ts';
export { webhookDeliveryWorkflow } from './webhook-delivery.ts';
export { settlementWorkflow } from './settlement.ts';
export { purchaseWorkflow } from './purchase.ts';
export { offerWorkflow } from './offer.ts';
export { payoutWorkflow } from './payout.ts';
export { dnsSyncWorkflow } from './dns-sync.ts';
export { dnsZoneWorkflow } from './dns-zone.ts';
export { latePaymentWorkflow } from './late-payment.ts';

/** Compile-time: this bundle exports the run of every paid operation under its contract's workflow type. */
export type PaidRuns = ExportsPaidRuns<typeof bundle>;
