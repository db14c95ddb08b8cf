import { presentedReceipt } from '../../checkout/receipt.ts';
import type { Call, OperationSchema } from './operation.ts';

/**
 * Who pays a paid operation, and with what: the caller and its address, the receipt it presents (the
 * body's `receipt`, or `Authorization: Payment` beside a key), and the operation its Idempotency-Key
 * stands for, so a retry continues the same checkout (docs/api.md "Idempotency keys").
 */
export const payerOf = <S extends OperationSchema>(call: Call<S> & { body: { receipt?: string | null } }) => ({
  principal: call.principal,
  ip: call.ip,
  receipt: presentedReceipt(call.body.receipt ?? undefined, call.headers.authorization as string | undefined),
  operationId: call.idempotency?.operationId ?? null,
});
