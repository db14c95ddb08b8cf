// How a checkout ends (docs/registration.md "Unpaid checkouts"): done as its operation, or without it.
// The checkout table, the API's order status and the refusals use exactly these words. The workflow
// contracts speak them as types (workflows/ imports nothing from src/); src/checkout/paid-vocabulary.ts
// checks at compile time that both say the same, both ways.

/** Done as its operation: each paid operation's `doneAs` (workflows/<operation>-messages.ts). */
export const doneOutcomes = ['registered', 'renewed', 'purchased', 'identity_registered'] as const;
export type DoneOutcome = (typeof doneOutcomes)[number];

/** Ended without the operation: refused (money that arrived credited back), left unpaid, or reset. */
export const notDoneOutcomes = ['refused', 'expired_unpaid', 'cancelled'] as const;
export type NotDoneOutcome = (typeof notDoneOutcomes)[number];

export const checkoutOutcomes = [
  ...doneOutcomes,
  ...notDoneOutcomes,
  /** Closed by the expiry sweep: its run never started, so no client ever held it (migration 0018). */
  'abandoned',
] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];
