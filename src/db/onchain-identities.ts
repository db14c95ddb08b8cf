import type { EntityManager } from '@mikro-orm/postgresql';
import type { OnchainEntry, OnchainIdentityStatus } from '../domain/onchain-identity.ts';
import { dnsRepository } from './dns-repository.ts';
import { OnchainIdentity } from './entities/index.ts';
import { recordDnsChange } from './outbox.ts';

/** A name's ERC-8004 entry as stored (docs/discovery.md "On chain"). */
export interface OnchainIdentityRecord {
  domainId: number;
  domainName: string;
  sessionId: string;
  chainId: number;
  registry: string;
  agentUri: string;
  status: OnchainIdentityStatus;
  /** The registration transaction, signed once and stored before it is sent. */
  rawTx: string | null;
  txHash: string | null;
  agentId: number | null;
}

const recordOf = (r: OnchainIdentity): OnchainIdentityRecord => ({
  domainId: r.domainId,
  domainName: r.domainName,
  sessionId: r.sessionId,
  chainId: r.chainId,
  registry: r.registry,
  agentUri: r.agentUri,
  status: r.status,
  rawTx: r.rawTx ?? null,
  txHash: r.txHash ?? null,
  agentId: r.agentId == null ? null : Number(r.agentId),
});

// Names' entries in an ERC-8004 identity registry: written paid by the operation's effect (one per
// domain record, one per session: both unique), then their transaction and finally their agent id.
export function onchainIdentities(em: EntityManager) {
  return {
    /** The entry a checkout session paid for, or null. */
    async bySession(sessionId: string): Promise<OnchainIdentityRecord | null> {
      const r = await em.findOne(OnchainIdentity, { sessionId });
      return r && recordOf(r);
    },

    /** The entry of a domain record (any status), or null. */
    async ofDomain(domainId: number): Promise<OnchainIdentityRecord | null> {
      const r = await em.findOne(OnchainIdentity, { domainId });
      return r && recordOf(r);
    },

    /** The registered entries of a name's current record, as its public reads show them. */
    async registeredOf(domainId: number): Promise<OnchainEntry[]> {
      const rows = await em.find(OnchainIdentity, { domainId, status: 'registered' });
      return rows.map((r) => ({ agentId: Number(r.agentId), chainId: r.chainId, registry: r.registry }));
    },

    /** Records a paid entry in the caller's transaction (its unique keys refuse a second one). */
    async add(
      r: Pick<OnchainIdentityRecord, 'domainId' | 'domainName' | 'sessionId' | 'chainId' | 'registry' | 'agentUri'>,
    ) {
      em.create(OnchainIdentity, { ...r, status: 'paid' });
      await em.flush();
    },

    /** Stores the signed transaction, before it is sent. */
    async storeTx(sessionId: string, rawTx: string, txHash: string): Promise<void> {
      await em.nativeUpdate(
        OnchainIdentity,
        { sessionId, status: { $ne: 'registered' } },
        { rawTx, txHash, status: 'sent' },
      );
    },

    /**
     * The transaction was mined: the agent id the registry minted, in one transaction with the name's
     * DNS change (its zone's ENSIP-25 text record), so the zone follows without a second writer.
     */
    async markRegistered(sessionId: string, agentId: bigint): Promise<void> {
      await em.transactional(async (tx) => {
        const row = await tx.findOneOrFail(OnchainIdentity, { sessionId });
        if (row.status === 'registered') return;
        row.agentId = agentId;
        row.status = 'registered';
        await dnsRepository(tx).bump(row.domainId);
        recordDnsChange(tx, row.domainName);
      });
    },
  };
}
