import type { OnchainIdentityActivities } from '../activities/onchain-identity.ts';
import { isDone } from './checkout-messages.ts';
import { paidCheckout } from './checkout.ts';
import {
  onchainIdentityContract,
  type OnchainIdentityInput,
  type OnchainIdentityOutcome,
} from './onchain-identity-messages.ts';
import { bothWays, chainPayout, dbWrite, dbWriteLocal } from './retry-profiles.ts';
import { proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import { registryStageKey } from './search-attributes.ts';

const db = bothWays<Pick<OnchainIdentityActivities, typeof onchainIdentityContract.effect>>(dbWrite, dbWriteLocal);
// Sending the registration: the entry is paid for, so it is never given up on (an operator sees the
// attempts in the Temporal UI); the transaction is signed once, so a retry sends the same one again.
const chain = proxyActivities<Pick<OnchainIdentityActivities, 'publishOnchainIdentity'>>(chainPayout);

/**
 * One run per name (`erc8004:<name>`): the shared checkout takes the payment and records the entry with
 * its order in one transaction (a name refused for having one already is credited back); then the
 * registration is sent to the ERC-8004 identity registry and waited for, and the run answers the agent
 * id it minted. RegistryStage shows `onchain-sent`, then `onchain-registered`.
 */
export async function onchainIdentityWorkflow(input: OnchainIdentityInput): Promise<OnchainIdentityOutcome> {
  const outcome = await paidCheckout(onchainIdentityContract, {
    input,
    paidAtStart: input.method === 'gems' ? { kind: 'gems' } : null,
    hostedCheckout: false,
    effect: (payment, local) => db(local).recordOnchainIdentity({ input, payment }),
  });
  if (!isDone(outcome)) return outcome;
  upsertSearchAttributes({ [registryStageKey.name]: ['onchain-sent'] });
  const { agentId, txHash } = await chain.publishOnchainIdentity({ sessionId: input.sessionId });
  upsertSearchAttributes({ [registryStageKey.name]: ['onchain-registered'] });
  return { outcome: outcome.outcome, result: { ...outcome.result, agentId, txHash } };
}
