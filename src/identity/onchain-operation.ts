import {
  onchainIdentityContract,
  type OnchainIdentityInput,
  type OnchainIdentityResult,
} from '../../workflows/onchain-identity-messages.ts';
import type { CheckoutOperation } from '../checkout/checkout-service.ts';
import { AppError } from '../domain/errors.ts';

/** A name's ERC-8004 entry as the checkout machinery takes it: one run per name holds its lock. */
export const onchainIdentityOperation: CheckoutOperation<
  OnchainIdentityInput,
  OnchainIdentityResult,
  'identity_registered'
> = {
  ...onchainIdentityContract,
  busy: (name) => new AppError('lock_busy', `An ERC-8004 registration of ${name} is already under way.`),
};
