import { defineUpdate } from '@temporalio/workflow';

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
  /** Between two looks at the relay; default 2 s. */
  pollMs?: number;
}

/** What the relay says of a session, as the polling activity reads it. */
export interface RelaySessionState {
  status: 'awaiting_payment' | 'prepared' | 'broadcast' | 'confirmed' | 'failed' | 'expired_unpaid';
  txHash: string | null;
  payer: string | null;
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
