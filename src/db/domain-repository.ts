import { sql, type EntityManager } from '@mikro-orm/postgresql';
import { Domain } from './entities/index.ts';
import type { NameState } from '../domain/availability.ts';
import type { PublicDomainDocument, PublicDomainRow } from '../domain/public-domain.ts';
import type { RdapDomainRecord } from '../domain/rdap.ts';
import { EXPIRED } from '../domain/expiry.ts';
import type { OnchainEntry } from '../domain/onchain-identity.ts';

/** The listing's columns as the joined row carries them (bigint columns arrive as strings). */
interface ListingColumns {
  listingPriceGems: number | null;
  listingPriceUsdMinor: string | number | null;
  listingMinOfferGems: number | null;
  listingMinOfferUsdMinor: string | number | null;
  onchainAgentId: string | number | null;
  onchainChainId: number | null;
  onchainRegistry: string | null;
}

/** The name's registered ERC-8004 entry, joined on its unique domain id (docs/discovery.md "On chain"). */
const onchainColumns = [
  'oi.agent_id as onchainAgentId',
  'oi.chain_id as onchainChainId',
  'oi.registry as onchainRegistry',
] as const;
const onchainJoin = { 'oi.domain_id': sql.ref('d.id'), 'oi.status': 'registered' };

/** Folds the joined entry's columns into `onchain` (null: the name has no registered entry). */
function withOnchain<T extends Record<string, unknown>>(
  row: T & Pick<ListingColumns, 'onchainAgentId' | 'onchainChainId' | 'onchainRegistry'>,
) {
  const { onchainAgentId, onchainChainId, onchainRegistry, ...rest } = row;
  const onchain: OnchainEntry | null =
    onchainAgentId !== null && onchainChainId !== null && onchainRegistry !== null
      ? { agentId: Number(onchainAgentId), chainId: onchainChainId, registry: onchainRegistry }
      : null;
  return { ...rest, onchain };
}

const big = (v: string | number | null) => (v === null ? null : BigInt(v));

/** Folds the joined listing columns into the public row's `listing` (null: the name is not listed). */
function withListing(row: (Record<string, unknown> & ListingColumns) | null) {
  if (!row) return null;
  const { listingPriceGems, listingPriceUsdMinor, listingMinOfferGems, listingMinOfferUsdMinor, ...rest } = row;
  // A listing always has a price (checkListingTerms), so two null prices mean the join found no listing.
  const listed = listingPriceGems !== null || listingPriceUsdMinor !== null;
  const listing: PublicDomainRow['listing'] = listed
    ? {
        priceGems: listingPriceGems,
        priceUsdMinor: big(listingPriceUsdMinor),
        minOfferGems: listingMinOfferGems,
        minOfferUsdMinor: big(listingMinOfferUsdMinor),
      }
    : null;
  return { ...withOnchain(rest), listing };
}

// Domain reads used by the public discovery routes. Every query goes through the unique "name" index or
// the primary key; nothing here scans. A read by name sees only the record that holds the name: an
// expired record is history (its name is back in the pool), and the partial unique index covers exactly
// the others. The public row carries the name's listing through a left join on the listing's primary
// key, so lookup stays one round trip.
export function domainRepository(em: EntityManager) {
  const publicRow = async (name: string, extra: readonly 'd.skillMd'[]) =>
    withListing(
      await em
        .createQueryBuilder(Domain, 'd')
        .join('d.owner', 'o')
        .leftJoin(sql.ref('listing'), 'l', { 'l.domain_id': sql.ref('d.id') })
        .leftJoin(sql.ref('onchain_identity'), 'oi', onchainJoin)
        .select([
          'd.name',
          'd.namespace',
          'd.status',
          'd.registrationDate',
          'd.expiryDate',
          'd.squadId',
          'd.capabilities',
          'd.profile',
          'd.storefrontId',
          'd.updatedAt',
          'd.lockedAt',
          'o.operatorAccount as operatorAccountId',
          'o.walletAddress as ownerWallet',
          'l.price_gems as listingPriceGems',
          'l.price_usd_minor as listingPriceUsdMinor',
          'l.min_offer_gems as listingMinOfferGems',
          'l.min_offer_usd_minor as listingMinOfferUsdMinor',
          ...onchainColumns,
          ...extra,
        ])
        .where({ name, status: { $ne: EXPIRED } })
        .execute<(Record<string, unknown> & ListingColumns) | null>('get'),
    );
  return {
    /**
     * Lookup reads one joined row without hydrating entities: building the aliased column list of a
     * populated relation costs MikroORM more CPU than the query itself (see bench/README.md).
     */
    findPublicByName(name: string): Promise<PublicDomainRow | null> {
      return publicRow(name, []) as Promise<PublicDomainRow | null>;
    },
    /** The same row with the owner's skill text, which only the skill file needs (so lookup never reads it). */
    findPublicWithSkillByName(name: string): Promise<PublicDomainDocument | null> {
      return publicRow(name, ['d.skillMd']) as Promise<PublicDomainDocument | null>;
    },
    /** RDAP's registration facts of the record that holds a name: nothing of its owner is read. */
    async findRdapByName(name: string): Promise<RdapDomainRecord | null> {
      const row = await em
        .createQueryBuilder(Domain, 'd')
        .leftJoin(sql.ref('onchain_identity'), 'oi', onchainJoin)
        .select([
          'd.id',
          'd.name',
          'd.namespace',
          'd.status',
          'd.registrationDate',
          'd.expiryDate',
          'd.updatedAt',
          'd.dnsEnabled',
          'd.dnsDs',
          'd.lockedAt',
          'd.profile',
          ...onchainColumns,
        ])
        .where({ name, status: { $ne: EXPIRED } })
        .execute<(Record<string, unknown> & ListingColumns) | null>('get');
      return row && (withOnchain(row) as unknown as RdapDomainRecord);
    },

    /**
     * The state of each name, in one round trip: registered (any status but expired holds the name),
     * held by an open checkout (docs/registration.md "Unpaid checkouts"), else free.
     */
    async statesOf(names: string[]): Promise<Map<string, NameState>> {
      const states = new Map<string, NameState>(names.map((n) => [n, 'free']));
      if (names.length === 0) return states;
      const list = names.map(() => '?').join(', ');
      const rows = await em.execute<{ name: string; state: 'registered' | 'held' }[]>(
        `select name, 'registered' as state from domain where name in (${list}) and status <> '${EXPIRED}'
         union all select name, 'held' as state from checkout_session where name in (${list}) and outcome is null and expires_at > now()`,
        [...names, ...names],
      );
      // A registered name stays registered even if a stale hold row still names it.
      for (const r of rows) if (states.get(r.name) !== 'registered') states.set(r.name, r.state);
      return states;
    },

    /** How many names each of these accounts holds (an account holding none is left out). */
    async liveCountsByOwner(ownerIds: string[]): Promise<Map<string, number>> {
      const counts = await em.execute<{ owner_id: string; n: string }[]>(
        `select owner_id, count(*) as n from domain where owner_id = any(?::uuid[]) and status <> ? group by owner_id`,
        [`{${ownerIds.join(',')}}`, EXPIRED],
      );
      return new Map(counts.map((c) => [c.owner_id, Number(c.n)]));
    },

    /** About how many names are registered (sizes the known-names filter). */
    async liveNameCount(): Promise<number> {
      const [row] = await em.execute<{ n: string }[]>(`select count(*) as n from domain where status <> '${EXPIRED}'`);
      return Number(row?.n ?? 0);
    },

    /**
     * Every name statesOf could call registered or held, in name order after `after` (keyset pages over
     * the two name indexes; the first `limit` of the union is within the first `limit` of each).
     */
    async knownNamesAfter(after: string, limit: number): Promise<string[]> {
      const rows = await em.execute<{ name: string }[]>(
        `(select name from domain where status <> '${EXPIRED}' and name > ? order by name limit ?)
         union (select name from checkout_session where outcome is null and expires_at > now() and name > ? order by name limit ?)
         order by name limit ?`,
        [after, limit, after, limit, limit],
      );
      return rows.map((r) => r.name);
    },
  };
}
