import { AppError } from './errors.ts';

// The rules of handing a domain to another account that need nothing but the facts; the transaction,
// the lock and the authorisation are src/management/transfer.ts's.

export interface TransferRequest {
  name: string;
  toAccountId: string;
  reason?: string | undefined;
  /** The Idempotency-Key's operation (src/http/plugins/idempotency.ts), when the request sent one. */
  operationId?: string | null;
}

/** The domain a transfer acts on, as read under its row lock. */
export interface TransferSubject {
  id: number;
  name: string;
  namespace: string;
  status: string;
  ownerId: string;
}

export interface TransferOutcome {
  name: string;
  fromOwnerId: string;
  toOwnerId: string;
  orderId: number;
}

/** Why an authorised transfer of `domain` to the account `toAccountId` cannot happen, if it cannot. */
export function transferRefusal(domain: TransferSubject, toAccountId: string): AppError | null {
  if (toAccountId === domain.ownerId)
    return new AppError('already_owner', `${domain.name} already belongs to account ${toAccountId}.`);
  if (domain.status !== 'active')
    return new AppError(
      'domain_not_active',
      `${domain.name} is ${domain.status}; only an active domain can be transferred.`,
    );
  return null;
}
