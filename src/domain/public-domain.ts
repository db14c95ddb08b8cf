import type { OnchainEntry } from './onchain-identity.ts';
import type { ListingTerms } from './market.ts';

// The public record of a domain: what lookup, the manifests and the skill file show. Defined here so the
// documents built from it need nothing of the database; src/db reads rows of this shape.

export type CommerceCatalog = { provider: string; storefront_id: string; feed_url: string; status: string };
export type DomainProfile = Record<string, unknown> & { commerce_catalog?: CommerceCatalog };

export interface PublicDomainRow {
  name: string;
  namespace: string;
  status: string;
  registrationDate: Date;
  expiryDate: Date;
  squadId: string | null;
  capabilities: string[];
  profile: DomainProfile;
  storefrontId: string | null;
  /** Set when an operator has claimed the owning account (exposed as the deprecated human_backed). */
  operatorAccountId: string | null;
  /** When the record last changed (the A2A card's version). */
  updatedAt: Date;
  /** The owning account's wallet, when it has one (the DID document's verification method). */
  ownerWallet: string | null;
  /** The name's listing (docs/market.md "Listings"), read in the same query; null when not listed. */
  listing: ListingTerms | null;
  /** The name's registered ERC-8004 entry (docs/discovery.md "On chain"), read in the same query; null: none. */
  onchain: OnchainEntry | null;
  /** When its registrar lock was set (docs/teams.md "Registrar lock"); null: unlocked. */
  lockedAt: Date | null;
}

/** The public record with the owner's own skill text, from which the domain's skill file is rendered. */
export interface PublicDomainDocument extends PublicDomainRow {
  skillMd: string | null;
}
