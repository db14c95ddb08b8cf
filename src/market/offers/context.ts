import type { Config } from '../../config/env.ts';
import type { Orm } from '../../db/orm.ts';
import type { PurchaseCheckout } from '../purchase-operation.ts';

/** What each part of the offer service (service.ts) works over: the database, the configuration, the offer runs' checkout. */
export interface OfferContext {
  orm: Orm;
  config: Config;
  checkout: PurchaseCheckout;
}

/** The form of an offer id (a UUID), checked before it is used in a query. */
export const isOfferId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
