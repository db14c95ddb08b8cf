import { defineSignal, defineUpdate } from '@temporalio/workflow';

// The settlement-polling workflow's contract (USDC route, docs/payments.md "USDC route"); plain data only.

export interface SettlementInput {
  /** The registry's checkout session (the relay session's reference). */
  sessionId: string;
  /** The name being paid for (RegistryDomain in the Temporal UI). */
  name: string;
  relaySessionId: string;
  amountMinor: string;
  /** The paid operation's run that waits for this settlement (e.g. `registration:<name>`). */
  checkoutWorkflowId: string;
  /**
   * The first wait between two looks at the relay (default 5 min); each look that finds nothing new
   * doubles it, up to `maxPollMs` (default 5 min). A `relaySessionChanged` signal or a reconcile looks at
   * once and starts again from the first wait.
   */
  pollMs?: number;
  maxPollMs?: number;
}

/** What the relay says of a session, as the polling activity reads it. */
export interface RelaySessionState {
  status: 'awaiting_payment' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'expired_unpaid';
  txHash: string | null;
  payer: string | null;
  /** When the relay closes the session unpaid (ISO 8601); absent in reads recorded before it was kept. */
  expiresAt?: string;
}

export type SettlementOutcome = { outcome: 'settled'; txHash: string; payer: string } | { outcome: 'expired_unpaid' };

/** The chain does not show what the relay reported as confirmed: a fault for an operator, never a payment. */
export const SETTLEMENT_UNVERIFIED = 'settlement_unverified';

export const settlementWorkflowId = (sessionId: string) => `settlement:${sessionId}`;

/**
 * Reconcile (`POST /api/agent/register-status/{id}/reconcile`): look at the relay now rather than at the
 * next poll, and answer what it said. A confirmed settlement is then checked and activated as usual.
 */
export const lookNowUpdate = defineUpdate<RelaySessionState>('lookNow');

/**
 * The relay's word that a session changed (its signed callback, `POST /api/v1/checkout/relay/events`):
 * carries nothing to trust, only "look now". The run reads the relay itself.
 */
export const relaySessionChangedSignal = defineSignal('relaySessionChanged');
