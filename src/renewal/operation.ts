import {
  renewalStatusQuery,
  renewalWorkflowId,
  submitRenewalPayment,
  type RenewalInput,
  type RenewalOutcome,
  type RenewalResult,
} from '../../workflows/renewal-messages.ts';
import type { PaidOperation } from '../checkout/paid-operation.ts';
import { AppError } from '../domain/errors.ts';

/**
 * Renewal as the checkout machinery sees it: each renewal checkout is its own run
 * (`renewal:<name>:<session>`), since anyone may pay to renew a name and one payer's unpaid checkout
 * must never block the owner's renewal.
 */
export const renewalOperation: PaidOperation<RenewalInput, RenewalResult, RenewalOutcome, 'renewed'> = {
  operation: 'renewal',
  paidAs: 'renewed',
  describe: (input) => `Renew ${input.name} for ${input.years} year(s)`,
  workflowType: 'renewalWorkflow',
  workflowId: renewalWorkflowId,
  statusQuery: renewalStatusQuery,
  submitPaymentUpdate: submitRenewalPayment,
  busy: (key) => new AppError('name_being_renewed', `The renewal checkout ${key} is already open.`),
};
