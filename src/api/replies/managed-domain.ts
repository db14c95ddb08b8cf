import type { ManagedDomain } from '../../domain/managed-domain.ts';

// A domain as its owner and its managers read it: the owner's list (/api/v1/user/domains), one domain's
// management view, and the managed list's item with auto-renew and whether it is for sale.

export function ownerItem(d: ManagedDomain) {
  return {
    id: d.id,
    name: d.name,
    tld: d.namespace,
    status: d.status,
    owner_id: d.ownerId,
    expiry_date: d.expiryDate.toISOString(),
  };
}

export function managedItem(d: ManagedDomain) {
  return {
    ...ownerItem(d),
    registration_date: d.registrationDate.toISOString(),
    squad_id: d.squadId,
    storefront_id: d.storefrontId,
  };
}

export function listItem(d: ManagedDomain & { forSale: boolean }) {
  return {
    ...managedItem(d),
    auto_renew: { enabled: d.autoRenewMaxGems !== null, max_gems: d.autoRenewMaxGems },
    for_sale: d.forSale,
  };
}
