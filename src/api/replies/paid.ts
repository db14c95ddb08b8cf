import { receiptHeader } from '../../payments/mpp.ts';
import { answer } from '../../http/operations/operation.ts';

/**
 * The 200 of a completed paid operation (registration, renewal, purchase): `success`, its message and
 * checkout session, then what it made; with the mpp `Payment-Receipt` header when it was paid on chain
 * (`receipt`: the payment's reference; null when paid otherwise). `headers` go before the receipt.
 */
export function paidAnswer<B extends object>(
  done: { sessionId: string; message: string; receipt: string | null },
  body: B,
  headers: Record<string, string> = {},
) {
  const { sessionId, message, receipt } = done;
  return answer(
    200,
    { status: 'success' as const, message, session_id: sessionId, ...body },
    receipt === null ? headers : { ...headers, 'payment-receipt': receiptHeader({ reference: receipt, sessionId }) },
  );
}
