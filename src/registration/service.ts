import { registrationContext, type RegistrationDeps } from './context.ts';
import { registrationLocks } from './locks.ts';
import { registrationOrders } from './orders.ts';
import { registrationRequests } from './requests.ts';

export type { RegisterAnswer, RegisterCommand, RegistrationDeps } from './context.ts';

/**
 * Registration as a paid operation: the rules, the checkout's terms, and the routes around a checkout
 * in progress. The lock, the receipts and the wait for an outcome are the shared checkout machinery.
 */
export function registrationService(deps: RegistrationDeps) {
  const context = registrationContext(deps);
  const orders = registrationOrders(context);
  const { reconcile, reset, releaseUnsigned } = registrationLocks(context, orders);
  const { register, verify, hostedCheckoutPaid } = registrationRequests(context, releaseUnsigned);
  return { register, verify, progress: orders.progress, order: orders.order, reconcile, reset, hostedCheckoutPaid };
}

export type RegistrationService = ReturnType<typeof registrationService>;
