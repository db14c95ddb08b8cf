import {
  registrationStatusQuery,
  registrationWorkflowId,
  submitPaymentUpdate,
  type RegistrationInput,
  type RegistrationOutcome,
  type RegistrationResult,
} from '../../workflows/registration-messages.ts';
import type { PaidOperation } from '../checkout/paid-operation.ts';
import { AppError } from '../domain/errors.ts';

/** Registration as the checkout machinery sees it: one run per name (`registration:<name>`) is its lock. */
export const registrationOperation: PaidOperation<
  RegistrationInput,
  RegistrationResult,
  RegistrationOutcome,
  'registered'
> = {
  operation: 'registration',
  paidAs: 'registered',
  describe: (input) => `Register ${input.name} for ${input.years} year(s)`,
  workflowType: 'registrationWorkflow',
  workflowId: registrationWorkflowId,
  statusQuery: registrationStatusQuery,
  submitPaymentUpdate,
  busy: (name) => new AppError('name_being_registered', `${name} is being registered by someone else right now.`),
};
