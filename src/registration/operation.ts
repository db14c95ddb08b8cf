import {
  registrationContract,
  type RegistrationInput,
  type RegistrationResult,
} from '../../workflows/registration-messages.ts';
import type { CheckoutOperation } from '../checkout/checkout-service.ts';
import { AppError } from '../domain/errors.ts';

/** Registration as the checkout machinery takes it: its contract, and what a busy lock on a name says. */
export const registrationOperation: CheckoutOperation<RegistrationInput, RegistrationResult, 'registered'> = {
  ...registrationContract,
  busy: (name) => new AppError('name_being_registered', `${name} is being registered by someone else right now.`),
};
