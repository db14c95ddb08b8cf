import type { RegistrationActivities } from '../activities/registration.ts';
import { paidCheckout } from './checkout.ts';
import { effectSummary } from './checkout-steps.ts';
import { registrationContract, type RegistrationInput, type RegistrationOutcome } from './registration-messages.ts';
import { summarized } from './retry-profiles.ts';

type Effect = Pick<RegistrationActivities, typeof registrationContract.effect>;

/**
 * One run per name, id `registration:<name>`: while it runs, it is the lock on the name. The checkout
 * (wait for the rail's payment, verify it, credit it back if the effect is refused) is the shared one
 * of every paid operation (checkout.ts); the effect is activation: the domain, its order and the
 * `domain.registered` event in one database transaction, idempotent on the session id, so a crash
 * between verification and activation replays into exactly one domain and one order.
 */
export async function registrationWorkflow(input: RegistrationInput): Promise<RegistrationOutcome> {
  return paidCheckout(registrationContract, {
    input,
    paidAtStart: input.method === 'free' ? { kind: 'free' } : input.method === 'gems' ? { kind: 'gems' } : null,
    hostedCheckout: input.method === 'gfavip_checkout',
    effect: (payment, local) =>
      summarized<Effect>(effectSummary(registrationContract.name, input, payment))(local).activateDomain({
        input,
        payment,
      }),
  });
}
