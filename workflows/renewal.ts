import { paidRun } from './checkout.ts';
import { renewalContract } from './renewal-messages.ts';

/**
 * One run per renewal checkout, id `renewal:<name>:<session>`. The checkout is the shared one
 * (checkout.ts); the effect extends the term from the current expiry date, writes the `renewal` order
 * and `domain.renewed` in one transaction, idempotent on the session, so a retried or replayed run
 * never extends twice. A renewal refused after payment (the name expired meanwhile, the term would
 * pass ten years) is credited back to the payer's gems.
 */
export const renewalWorkflow = paidRun(renewalContract);
