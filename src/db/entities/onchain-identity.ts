import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from './base.ts';
import { notifyNameChange } from './public-change.ts';
import { onchainIdentityStatuses } from '../../domain/onchain-identity.ts';

/**
 * A name's entry in an ERC-8004 identity registry (docs/discovery.md "On chain"): one per domain record,
 * written paid by the effect of its checkout (`session_id`), then signed ONCE (`raw_tx`, committed before
 * it is sent, so a retry sends the very same transaction) and, once mined, given the `agent_id` the
 * registry minted. The name's public reads (registration file, lookup, RDAP, zone) show it.
 */
const OnchainIdentitySchema = defineEntity({
  name: 'OnchainIdentity',
  tableName: 'onchain_identity',
  properties: {
    id: p.integer().primary().autoincrement(),
    domainId: p.integer().unique(),
    domainName: p.string().length(253).index(),
    sessionId: p.string().length(64).unique(),
    chainId: p.integer(),
    registry: p.string().length(42),
    agentUri: p.text(),
    status: p.enum([...onchainIdentityStatuses]),
    rawTx: p.text().nullable(),
    txHash: p.string().length(66).nullable(),
    agentId: p.bigint().nullable(),
    ...timestamps,
  },
  triggers: [notifyNameChange('domain_name')],
});
export class OnchainIdentity extends OnchainIdentitySchema.class {}
OnchainIdentitySchema.setClass(OnchainIdentity);
export { OnchainIdentitySchema };
