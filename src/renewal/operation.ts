import { renewalContract, type RenewalInput, type RenewalResult } from '../../workflows/renewal-messages.ts';
import type { CheckoutOperation } from '../checkout/checkout-service.ts';
import { AppError } from '../domain/errors.ts';

/**
 * Renewal as the checkout machinery takes it: its contract, and what a second run on one renewal
 * checkout says (each checkout is its own run, so a busy lock means the same session again).
 */
export const renewalOperation: CheckoutOperation<RenewalInput, RenewalResult, 'renewed'> = {
  ...renewalContract,
  busy: (key) => new AppError('name_being_renewed', `The renewal checkout ${key} is already open.`),
};
