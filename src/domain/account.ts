// Who holds names and credentials: accounts and their API keys, as plain data (src/db stores them,
// src/auth checks them, routes render them).

/** A person signed in through the identity provider, or an agent. */
export const accountKinds = ['human', 'agent'] as const;
export type AccountKind = (typeof accountKinds)[number];

/** An agent starts `anonymous` and becomes `claimed` when a person binds it with its claim code. */
export const assurances = ['anonymous', 'claimed'] as const;
export type Assurance = (typeof assurances)[number];

/** An account's own API keys: an agent key, or a live key of a person. */
export const apiKeyClasses = ['agent', 'live'] as const;
export type ApiKeyClass = (typeof apiKeyClasses)[number];

export interface AccountRecord {
  id: string;
  kind: AccountKind;
  displayName: string | null;
  /** Agents only; null for a person. */
  assurance: Assurance | null;
  /** The person who claimed the agent (who manages it); null: nobody. */
  operatorAccountId: string | null;
  claimedAt: Date | null;
  walletAddress: string | null;
  /** Where pathUSD sale proceeds are paid on chain; null: held as a balance. */
  payoutAddress: string | null;
  isReseller: boolean;
  isOperator: boolean;
  createdAt: Date;
}

/** An API key as its owner sees it: never its secret. */
export interface ApiKeyRecord {
  id: string;
  accountId: string;
  keyClass: ApiKeyClass;
  name: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}
