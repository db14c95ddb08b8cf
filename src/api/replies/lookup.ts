import { LOCKED_STATUSES } from '../../domain/registrar-lock.ts';
import { forSaleBlocks } from '../../domain/listing.ts';
import { identityLinks, manifestUrls } from '../../domain/manifests.ts';
import { agentRegistryOf } from '../../domain/onchain-identity.ts';
import type { PublicDomainRow } from '../../domain/public-domain.ts';

/** The lookup answer (spec 2.2) of a held name, from its public row. */
export function lookupBody(d: PublicDomainRow, publicBaseUrl: string) {
  const { did, ...documents } = identityLinks(publicBaseUrl, d);
  return {
    status: 'success' as const,
    domain: {
      name: d.name,
      namespace: d.namespace,
      status: d.status,
      registration_date: d.registrationDate.toISOString(),
      expiry_date: d.expiryDate.toISOString(),
      // The registrar lock, as RDAP shows it: RFC 8056's statuses while it holds (docs/teams.md "Registrar lock").
      locked: d.lockedAt !== null,
      lock_statuses: d.lockedAt ? [...LOCKED_STATUSES] : [],
    },
    identity: {
      did,
      human_backed: d.operatorAccountId != null,
      // Spec 2.2 types it string: "" when the domain has no squad.
      squad_id: d.squadId ?? '',
      capabilities_preview: d.capabilities,
      // The name's ERC-8004 entry once its registration is mined (docs/discovery.md "On chain").
      ...(d.onchain ? { erc8004: { agent_id: d.onchain.agentId, agent_registry: agentRegistryOf(d.onchain) } } : {}),
    },
    manifests: { ...manifestUrls(publicBaseUrl, d.name), ...documents },
    profile: d.profile,
    // Spec 2.4: the asking price while the name is listed (read in the same query).
    ...forSaleBlocks(d.status, d.listing),
  };
}
