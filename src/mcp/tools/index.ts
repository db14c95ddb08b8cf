import { listForSale, lookupDomain, quote, searchDomains, verifyAgent } from './discovery.ts';
import {
  batchOperations,
  enableDns,
  listMyDomains,
  lockDomain,
  requestUnlock,
  approveUnlock,
  cancelUnlock,
  setDnsRecords,
  showExpiringDomains,
} from './domains.ts';
import { buyDomain, makeOffer, respondToOffer } from './market.ts';
import { registerDomain, registerOnchainIdentity, registrationStatus, renewDomain } from './registration.ts';
import type { Tool } from './tool.ts';
import { subscribeWebhook } from './webhooks.ts';

/** Every tool the MCP server offers, in the order tools/list shows them. */
export const tools: readonly Tool[] = [
  searchDomains,
  lookupDomain,
  verifyAgent,
  quote,
  registerDomain,
  renewDomain,
  registrationStatus,
  registerOnchainIdentity,
  listMyDomains,
  setDnsRecords,
  enableDns,
  lockDomain,
  requestUnlock,
  approveUnlock,
  cancelUnlock,
  batchOperations,
  listForSale,
  buyDomain,
  makeOffer,
  respondToOffer,
  subscribeWebhook,
  showExpiringDomains,
] as readonly Tool[];
