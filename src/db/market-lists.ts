import type { EntityManager } from '@mikro-orm/postgresql';
import type { ForSaleCurrency } from '../domain/listing.ts';
import type { ListingTerms, MarketCurrency } from '../domain/market.ts';
import type { Page, Paged } from '../domain/page.ts';
import { Listing, Sale } from './entities/index.ts';
import { recordOf } from './listing-repository.ts';
import type { SaleRecord } from './sale-repository.ts';

/** A sale as the public sold list shows it; the seller's own list adds the split and payout. */
const soldEntry = (s: Pick<Sale, 'id' | 'domainName' | 'currency' | 'price' | 'source' | 'createdAt'>): SoldEntry => ({
  saleId: s.id,
  domainName: s.domainName,
  currency: s.currency,
  price: BigInt(s.price),
  source: s.source,
  soldAt: s.createdAt,
});

/** A name in the for-sale list. */
export interface ForSaleEntry extends ListingTerms {
  name: string;
  namespace: string;
  listedAt: Date;
  expiryDate: Date;
}

/** A completed sale in the sold list (no account ids: the list is public). */
export interface SoldEntry {
  saleId: number;
  domainName: string;
  currency: MarketCurrency;
  /** Whole gems, or pathUSD minor units. */
  price: bigint;
  source: string;
  soldAt: Date;
}

/** A listing of one of the caller's names (the seller's own list). */
export interface OwnListing extends ListingTerms {
  domainName: string;
  sellerId: string;
  listedAt: Date;
  updatedAt: Date;
}

/** A sale the caller made, with the split of its price and where its pathUSD proceeds stand. */
export type OwnSale = Pick<
  SaleRecord,
  | 'domainName'
  | 'sellerId'
  | 'currency'
  | 'price'
  | 'sellerAmount'
  | 'referrerAmount'
  | 'platformAmount'
  | 'source'
  | 'payoutStatus'
  | 'payoutAddress'
  | 'payoutTxHash'
> & { saleId: number; soldAt: Date };

interface ForSaleRow {
  domain_name: string;
  namespace_name: string;
  price_gems: number | null;
  price_usd_minor: string | null;
  min_offer_gems: number | null;
  min_offer_usd_minor: string | null;
  created_at: Date;
  expiry_date: Date;
}

const big = (v: string | null) => (v === null ? null : BigInt(v));

/** Only names that can be bought now: an active record; and, when asked, a price in that currency. */
function forSaleWhere(currency: ForSaleCurrency | undefined): string {
  const priced = { gems: ' and l.price_gems is not null', usd: ' and l.price_usd_minor is not null' };
  return `from listing l join domain d on d.id = l.domain_id where d.status = 'active'${currency ? priced[currency] : ''}`;
}

// The market's public lists (docs/market.md "Listings"), newest first, one bounded page at a time.
export function marketLists(em: EntityManager) {
  return {
    async forSale(currency: ForSaleCurrency | undefined, { limit, offset }: Page): Promise<Paged<ForSaleEntry>> {
      const where = forSaleWhere(currency);
      const [rows, [count]] = await Promise.all([
        em.execute<ForSaleRow[]>(
          `select l.domain_name, d.namespace_name, l.price_gems, l.price_usd_minor, l.min_offer_gems,
                  l.min_offer_usd_minor, l.created_at, d.expiry_date
           ${where} order by l.created_at desc, l.domain_id desc limit ? offset ?`,
          [limit, offset],
        ),
        em.execute<{ total: number }[]>(`select count(*)::int as total ${where}`),
      ]);
      return {
        rows: rows.map((r) => ({
          name: r.domain_name,
          namespace: r.namespace_name,
          priceGems: r.price_gems,
          priceUsdMinor: big(r.price_usd_minor),
          minOfferGems: r.min_offer_gems,
          minOfferUsdMinor: big(r.min_offer_usd_minor),
          listedAt: new Date(r.created_at),
          expiryDate: new Date(r.expiry_date),
        })),
        total: count?.total ?? 0,
      };
    },

    /** The listings whose seller is one of `sellerIds` (the caller and the agents it claimed), newest first. */
    async listingsOf(sellerIds: readonly string[], { limit, offset }: Page): Promise<Paged<OwnListing>> {
      const [rows, total] = await em.findAndCount(
        Listing,
        { seller: { $in: [...sellerIds] } },
        { orderBy: { createdAt: 'desc', domainId: 'desc' }, limit, offset },
      );
      return {
        rows: rows.map((l) => ({ ...recordOf(l), sellerId: l.seller.id })),
        total,
      };
    },

    /** The sales whose seller is one of `sellerIds`, newest first, with their split and payout. */
    async salesOf(sellerIds: readonly string[], { limit, offset }: Page): Promise<Paged<OwnSale>> {
      const [sales, total] = await em.findAndCount(
        Sale,
        { seller: { $in: [...sellerIds] } },
        {
          exclude: ['payoutRawTx'],
          orderBy: { createdAt: 'desc', id: 'desc' },
          limit,
          offset,
        },
      );
      return {
        rows: sales.map((s) => ({
          ...soldEntry(s),
          sellerId: s.seller.id,
          sellerAmount: BigInt(s.sellerAmount),
          referrerAmount: BigInt(s.referrerAmount),
          platformAmount: BigInt(s.platformAmount),
          payoutStatus: s.payoutStatus ?? null,
          payoutAddress: s.payoutAddress ?? null,
          payoutTxHash: s.payoutTxHash ?? null,
        })),
        total,
      };
    },

    async sold({ limit, offset }: Page): Promise<Paged<SoldEntry>> {
      const [sales, total] = await em.findAndCount(
        Sale,
        {},
        {
          fields: ['id', 'domainName', 'currency', 'price', 'source', 'createdAt'],
          orderBy: { createdAt: 'desc', id: 'desc' },
          limit,
          offset,
        },
      );
      return {
        rows: sales.map(soldEntry),
        total,
      };
    },
  };
}
