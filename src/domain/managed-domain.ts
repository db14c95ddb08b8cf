/** A registered domain as its owner, claiming operator or bound organization manages it. */
export interface ManagedDomain {
  id: number;
  name: string;
  namespace: string;
  status: string;
  ownerId: string;
  registrationDate: Date;
  expiryDate: Date;
  squadId: string | null;
  storefrontId: string | null;
  /** Auto-renew's price cap in gems; null: auto-renew is off. */
  autoRenewMaxGems: number | null;
}
