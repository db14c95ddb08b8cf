import type { Client } from '@temporalio/client';
import type { Orm } from '../src/db/orm.ts';
import type { DnsSync } from '../src/dns/sync.ts';
import type { OnchainRegistrar } from '../src/identity/erc8004/registrar.ts';
import type { PayoutService } from '../src/market/payouts.ts';
import type { RelayClient } from '../src/payments/relay-client.ts';
import type { UsdcTransferVerifier } from '../src/payments/usdc-transfer.ts';
import type { PaymentVerifier } from '../src/payments/verifier.ts';

/** What activities may touch. Built once by the worker (or a test) and handed to every factory. */
export interface ActivityDeps {
  orm: Orm;
  catalogPath: string;
  payments?: PaymentVerifier;
  /** Webhook delivery settings from the configuration (docs/webhooks.md "Delivery"). */
  webhooks?: { allowInsecureLocal: boolean; disableAfterMs: number };
  /** The USDC route: the checkout relay and the Base chain check (absent when the route is not configured). */
  usdc?: { relay: RelayClient; verifyTransfer: UsdcTransferVerifier };
  /** Pays sellers' pathUSD proceeds on chain (absent: proceeds are held as a balance). */
  payouts?: PayoutService;
  /** Sends names' ERC-8004 registrations (absent: the operation is not offered). */
  onchain?: OnchainRegistrar;
  /** Pushes each name's desired DNS to PowerDNS (docs/dns-and-rdap.md "DNS"). */
  dns?: DnsSync;
  /** GEM_USD_RATE: values an auto-renewal's gems in USD for a spend mandate (the configuration's default when absent). */
  gemUsdRate?: string;
  /** Asks Temporal whether a checkout's run exists (the expiry sweep); absent: the activity's worker's client. */
  temporal?: Client;
}
