import type { RenewalActivities } from '../activities/renewal.ts';
import { paidCheckout } from './checkout.ts';
import { renewalContract, type RenewalInput, type RenewalOutcome } from './renewal-messages.ts';
import { bothWays, dbWrite, dbWriteLocal } from './retry-profiles.ts';

const db = bothWays<Pick<RenewalActivities, typeof renewalContract.effect>>(dbWrite, dbWriteLocal);

/**
 * One run per renewal checkout, id `renewal:<name>:<session>`. The checkout is the shared one
 * (checkout.ts); the effect extends the term from the current expiry date, writes the `renewal` order
 * and `domain.renewed` in one transaction, idempotent on the session, so a retried or replayed run
 * never extends twice. A renewal refused after payment (the name expired meanwhile, the term would
 * pass ten years) is credited back to the payer's gems.
 */
export async function renewalWorkflow(input: RenewalInput): Promise<RenewalOutcome> {
  return paidCheckout(renewalContract, {
    input,
    paidAtStart: input.method === 'gems' ? { kind: 'gems' } : null,
    hostedCheckout: false,
    effect: (payment, local) => db(local).renewDomain({ input, payment }),
  });
}
