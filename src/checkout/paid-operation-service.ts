import { auditContext } from '../db/audit-context.ts';
import type { CheckoutStage, CheckoutStatus, CheckoutTerms, PaidOutcome } from '../../workflows/checkout-messages.ts';
import type { DoneAs } from '../../workflows/paid-operations-messages.ts';
import { paymentReceipts } from '../db/payment-receipts.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppError } from '../domain/errors.ts';
import { chainTerms, paymentOffer } from './challenge.ts';
import { checkoutService, type CheckoutDeps, type CheckoutOperation } from './checkout-service.ts';
import type { PresentedReceipt } from './receipt.ts';
import { ApprovalRequired } from '../mandates/approvals.ts';

/** The 402 of a checkout awaiting machine payment. */
export interface PaymentRequired {
  kind: 'payment_required';
  offer: ReturnType<typeof paymentOffer>;
  warnings: string[];
}

/** A paid operation done: its result, under the session that paid for it. */
export interface Paid<K extends string, R> {
  kind: K;
  result: R;
  sessionId: string;
  warnings: string[];
}

/** What every checkout's input starts with; the operation adds its own fields (`newInput`). */
export type TermsRequest = Pick<
  CheckoutTerms,
  'sessionId' | 'name' | 'actorAccountId' | 'holder' | 'priceGems' | 'amountMinor'
> & {
  /** The challenge's currency; the configured machine-payment currency when absent. */
  currency?: string;
  /** How long the checkout takes payment; the configured checkout lifetime when absent. */
  ttlSeconds?: number;
};

/** A request meeting the open checkout that holds the lock (registration, purchase: one per name). */
export interface LockRequest<I, X> {
  holder: string;
  operationId?: string | null | undefined;
  receipt?: PresentedReceipt | undefined;
  /** Told to anyone but the holder of a machine-payment checkout: the object is taken. */
  taken(): AppError;
  /** Told to the holder while its payment is being verified or applied. */
  inStage(stage: CheckoutStage): AppError;
  /** The same keyed request's answer when it is not the run's outcome (a hosted checkout to pay). */
  again?(input: I): X | null;
}

/**
 * A paid operation built from its description: the checkout machinery (lock, receipts, outcome) plus
 * the parts every operation's service needs around it — its answers, its terms, the result a receipt
 * already paid for, and the continuation of a checkout in progress. An operation adds only its rules.
 */
export function paidOperationService<I extends CheckoutTerms, R, K extends DoneAs>(
  deps: CheckoutDeps,
  op: CheckoutOperation<I, R, K>,
) {
  const checkout = checkoutService(deps, op);

  const paid = (result: R, sessionId: string, warnings: string[] = []): Paid<K, R> => ({
    kind: op.doneAs,
    result,
    sessionId,
    warnings,
  });
  const offer = (input: I, warnings: string[] = []): PaymentRequired => ({
    kind: 'payment_required',
    offer: paymentOffer(checkout.payments(), input, op.describe(input)),
    warnings,
  });

  /**
   * A new checkout's input: the terms every checkout shares (the configured currency and lifetime by
   * default), the operation's own fields (its `method` among them), and, when it is paid by machine
   * payment on the default chain (`onChain`), where: the chain terms bound to its challenge.
   */
  const newInput = (t: TermsRequest, fields: Omit<I, Exclude<keyof CheckoutTerms, 'method'>>, onChain: boolean): I => {
    const { method, ...own } = fields;
    const input = {
      sessionId: t.sessionId,
      name: t.name,
      actorAccountId: t.actorAccountId,
      holder: t.holder,
      method,
      priceGems: t.priceGems,
      amountMinor: t.amountMinor,
      currency: t.currency ?? deps.config.MPP_CURRENCY,
      expiresAtMs: Date.now() + (t.ttlSeconds ?? deps.config.CHECKOUT_TTL_SECONDS) * 1000,
      chain: null,
      // The request's audit event goes with the run to the effect, which makes the change.
      audit: auditContext.current() ?? null,
      ...own,
    } as I;
    return onChain ? { ...input, chain: chainTerms(checkout.payments(), input, op.describe(input)) } : input;
  };

  /**
   * What a presented receipt already paid for (`find` reads the operation's result of a session), for a
   * paid retry whose answer was lost; null when the receipt paid for nothing yet.
   */
  async function byReceipt<T>(
    receipt: PresentedReceipt,
    find: (em: EntityManager, sessionId: string) => Promise<T | null>,
  ): Promise<{ result: T; sessionId: string } | null> {
    if (!receipt.parsed || !deps.payments) return null;
    const em = deps.orm.em.fork();
    const sessionId = await paymentReceipts(em).spentBy(deps.payments.chainId, receipt.parsed.txHash);
    const result = sessionId ? await find(em, sessionId) : null;
    return sessionId && result ? { result, sessionId } : null;
  }

  /**
   * A request that met the checkout holding the lock: the same keyed request again (after its first
   * attempt died in flight) gets that attempt's outcome; the holder of a machine-payment checkout hands
   * it a receipt (a retry while one is verified waits for that outcome) or gets its 402 again; anyone
   * else is told the object is taken.
   */
  async function continueLock<X = never>(
    key: string,
    running: CheckoutStatus<I, PaidOutcome<K, R>>,
    req: LockRequest<I, X>,
  ): Promise<Paid<K, R> | PaymentRequired | X> {
    const { input } = running;
    // Its holder asking again while the person decides gets the same 202 (docs/mandates.md "Approvals").
    if (running.stage === 'awaiting_approval' && input.approval && input.holder === req.holder)
      throw new ApprovalRequired(input.approval.approvalId, new Date(input.approval.expiresAtMs));
    if (req.operationId === input.sessionId && input.method !== 'mpp' && !input.relay)
      return req.again?.(input) ?? paid(await checkout.result(key), input.sessionId);
    if (input.holder !== req.holder || input.method !== 'mpp' || input.relay) throw req.taken();
    if (req.receipt) return paid(await checkout.submitReceipt(key, req.receipt, input.sessionId), input.sessionId);
    if (running.stage === 'awaiting_payment') return offer(input);
    throw req.inStage(running.stage);
  }

  return { ...checkout, paid, offer, newInput, byReceipt, continueLock };
}
