import { ApplicationFailure } from '@temporalio/activity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { accountForWallet } from '../src/auth/accounts.ts';
import { ledgerRepository } from '../src/db/ledger-repository.ts';
import { recordPaymentCredited } from '../src/db/outbox.ts';
import { paymentReceipts } from '../src/db/payment-receipts.ts';
import { debitGems, refundGems } from '../src/ledger/gems.ts';
import { checkoutSessions } from '../src/db/checkout-sessions.ts';
import type { CheckoutOutcome } from '../src/domain/checkout-outcomes.ts';
import type { CheckoutPayment, CheckoutTerms, PaymentCredit } from '../workflows/checkout-messages.ts';
import type { ActivityDeps } from './deps.ts';
import { closeApproval } from '../src/mandates/approvals.ts';
import { measureVerification } from '../src/metrics/payments.ts';
import { isFinalRefusal } from '../src/payments/refusal.ts';

export function refuse(type: string, message: string, details?: Record<string, unknown>): ApplicationFailure {
  return details
    ? ApplicationFailure.nonRetryable(message, type, details)
    : ApplicationFailure.nonRetryable(message, type);
}

/** A payment seen on a chain: a machine payment's receipt, or a relay settlement on the USDC route. */
type ChainPayment = Extract<CheckoutPayment, { kind: 'mpp' } | { kind: 'usdc' }>;

/**
 * Where a chain payment was made: the USDC route's chain (from its CAIP-2 network) and token, or the
 * machine-payment chain of this worker.
 */
export function receiptChain(input: CheckoutTerms, payment: ChainPayment, mppChainId: number) {
  if (payment.kind === 'usdc' && input.relay)
    return { chainId: Number(input.relay.network.split(':')[1]), token: input.relay.asset.toLowerCase() };
  return { chainId: mppChainId, token: input.chain?.token.toLowerCase() ?? '' };
}

/**
 * Spends a machine payment's receipt for a session (single use across every paid operation: the
 * (chain, tx hash) key is unique), in the caller's transaction with the effect it pays for. Its hash is
 * the order's payment reference.
 */
export function recordReceipt(
  tx: EntityManager,
  mppChainId: number,
  input: CheckoutTerms,
  payment: ChainPayment,
): string {
  const txHash = payment.txHash.toLowerCase();
  const { chainId, token } = receiptChain(input, payment, mppChainId);
  paymentReceipts(tx).record({
    chainId,
    txHash,
    sessionId: input.sessionId,
    payer: payment.payer.toLowerCase(),
    amountMinor: BigInt(input.amountMinor),
    token,
    receipt: payment.kind === 'mpp' ? payment.receipt : txHash,
  });
  return txHash;
}

/**
 * Takes a paid effect's payment, in the transaction of the effect it pays for: a chain payment's receipt
 * spent (its hash is the order's reference), or the price in gems debited from `payerId` (its ledger entry
 * the reference, `<operation>:<session>` the debit's own). Other rails (free, a hosted checkout) took
 * nothing here: `otherwise` is their reference.
 */
export async function takePayment(
  tx: EntityManager,
  mppChainId: number,
  input: CheckoutTerms,
  payment: CheckoutPayment,
  a: { payerId: string; operation: string; otherwise: string },
): Promise<string> {
  if (payment.kind === 'mpp' || payment.kind === 'usdc') return recordReceipt(tx, mppChainId, input, payment);
  if (payment.kind !== 'gems') return a.otherwise;
  const debit = await debitGems(tx, {
    accountId: a.payerId,
    amount: input.priceGems,
    reference: `${a.operation}:${input.sessionId}`,
    memo: input.name,
  });
  return `ledger:${debit.transactionId}`;
}

/** What every paid operation's checkout does outside its effect: verify, look on chain, credit back, close. */
export function createCheckoutActivities({ orm, payments }: ActivityDeps) {
  const verifier = () => {
    if (!payments) throw refuse('payments_unavailable', 'Machine payments are not configured on this worker.');
    return payments;
  };
  const chainId = () => payments?.chainId ?? 0;

  return {
    /** Checks the receipt on chain for this session and that it was never used before. */
    async verifyMppPayment(a: { sessionId: string; receipt: string; amountMinor: string; memo: string }) {
      const p = verifier();
      let verified: { txHash: string; payer: string };
      try {
        verified = await measureVerification('mpp', isFinalRefusal, () =>
          p.verify({ receipt: a.receipt, amountMinor: BigInt(a.amountMinor), memo: a.memo }),
        );
      } catch (err) {
        if (isFinalRefusal(err))
          throw refuse('invalid_receipt', `The receipt does not pay this checkout (${err.reason}).`);
        throw err;
      }
      const usedBy = await paymentReceipts(orm.em.fork()).spentBy(p.chainId, verified.txHash.toLowerCase());
      if (usedBy && usedBy !== a.sessionId)
        throw refuse('receipt_already_used', 'This payment was already used for another registration.');
      return verified;
    },

    /** Looks on chain for a payment bound to this session (used before any lock is released). */
    async findMppPayment(a: { sessionId: string; amountMinor: string; memo: string }) {
      const found = await verifier().findByMemo({ amountMinor: BigInt(a.amountMinor), memo: a.memo });
      if (!found) return null;
      const usedBy = await paymentReceipts(orm.em.fork()).spentBy(verifier().chainId, found.txHash.toLowerCase());
      return usedBy && usedBy !== a.sessionId ? null : found;
    },

    /**
     * Compensation for a refused activation after the money arrived: records the machine payment (so
     * its receipt can never be used again), credits the payer's gems balance with what was paid, and
     * writes `payment.credited` — in one transaction, once per session (a retry finds the ledger entry).
     */
    async creditRefusedPayment({
      operation,
      input,
      payment,
      reason,
    }: {
      operation: string;
      input: CheckoutTerms;
      payment: CheckoutPayment;
      reason: string;
    }): Promise<PaymentCredit> {
      const reference = `credit:${operation}:${input.sessionId}`;
      return orm.em.fork().transactional(async (tx) => {
        const onChain = payment.kind === 'mpp' || payment.kind === 'usdc';
        const accountId = input.actorAccountId ?? (onChain ? await accountForWallet(tx, payment.payer) : null);
        if (!accountId) throw refuse('owner_unknown', 'No account to credit.');
        const credit = { accountId, gems: input.priceGems };
        if (await ledgerRepository(tx).isPosted(reference)) return credit;
        if (
          onChain &&
          !(await paymentReceipts(tx).isSpent(
            receiptChain(input, payment, chainId()).chainId,
            payment.txHash.toLowerCase(),
          ))
        )
          recordReceipt(tx, chainId(), input, payment);
        await refundGems(tx, { accountId, amount: input.priceGems, reference, memo: `${input.name}: ${reason}` });
        recordPaymentCredited(tx, {
          domain: input.name,
          session_id: input.sessionId,
          account_id: accountId,
          gems: input.priceGems,
          reason,
          payment_method: input.method,
          operation,
        });
        return credit;
      });
    },

    /** The run stopped waiting for an approval: the decision as the row says it (docs/mandates.md "Approvals"). */
    async closeApproval({ approvalId, spendKey }: { approvalId: string; spendKey: string | null }) {
      return closeApproval(orm, approvalId, spendKey);
    },

    /** Records how a waiting checkout ended (idempotent); its hold on the name ends with it. */
    async closeCheckout({ sessionId, outcome }: { sessionId: string; outcome: CheckoutOutcome }): Promise<void> {
      await checkoutSessions(orm.em.fork()).close(sessionId, outcome);
    },
  };
}

export type CheckoutActivities = ReturnType<typeof createCheckoutActivities>;
