import {
  checkoutMessagesOf,
  paidOperationContract,
  type CheckoutTerms,
  type PaidOutcome,
} from './checkout-messages.ts';

// The on-chain identity's contract (docs/discovery.md "On chain"): a name registered in an ERC-8004
// identity registry, paid like any paid operation. Plain data only.

export type OnchainIdentityMethod = 'mpp' | 'gems';

export interface OnchainIdentityInput extends CheckoutTerms {
  method: OnchainIdentityMethod;
  domainId: number;
  /** The registration file the entry's `agentURI` points at (the registry's URL for the name). */
  agentUri: string;
  /** The identity registry the entry is made in: its chain and address. */
  registryChainId: number;
  registry: string;
}

export interface OnchainIdentityResult {
  name: string;
  domainId: number;
  orderId: number;
  /** `eip155:<chain id>:<identity registry address>`, as the registration file's `registrations[]` says. */
  agentRegistry: string;
  agentUri: string;
  /** The registration transaction, signed once before it is sent. */
  txHash: string;
  /** The ERC-721 token id the registry minted; null until the transaction is mined. */
  agentId: number | null;
  paymentMethod: OnchainIdentityMethod;
  paymentReference: string;
  amountGems: number;
  amountMinor: string | null;
  currency: string;
}

export type OnchainIdentityOutcome = PaidOutcome<'identity_registered', OnchainIdentityResult>;

export const { statusQuery: onchainIdentityStatusQuery, submitPayment: submitOnchainIdentityPayment } =
  checkoutMessagesOf<OnchainIdentityInput, OnchainIdentityResult, OnchainIdentityOutcome>();

/** One run per name (`erc8004:<name>`): a name is registered on chain once, so its run is the lock. */
export const onchainIdentityWorkflowId = (name: string) => `erc8004:${name}`;

export const onchainIdentityContract = paidOperationContract<OnchainIdentityInput, OnchainIdentityResult>()({
  name: 'onchain_identity',
  doneAs: 'identity_registered',
  workflowType: 'onchainIdentityWorkflow',
  workflowId: onchainIdentityWorkflowId,
  statusQuery: onchainIdentityStatusQuery,
  submitPaymentUpdate: submitOnchainIdentityPayment,
  effect: 'recordOnchainIdentity',
  mandateOperation: 'identity',
  orderKind: 'onchain_identity',
  checkoutRows: { runOf: (row) => onchainIdentityWorkflowId(row.name) },
  describe: (input) => `Register ${input.name} in the ERC-8004 identity registry`,
});
