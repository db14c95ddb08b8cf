// How a checkout ends (docs/registration.md "Unpaid checkouts"): done as its operation (registered,
// renewed, purchased), refused, left unpaid, cancelled, or abandoned. The checkout table stores exactly
// these; until src/db/entities/checkout-session.ts takes its list from here, test/unit/vocabulary.test.ts
// keeps the two equal.

export const checkoutOutcomes = [
  'registered',
  'renewed',
  'purchased',
  'refused',
  'expired_unpaid',
  'cancelled',
  /** Closed by the expiry sweep: its run never started, so no client ever held it (migration 0018). */
  'abandoned',
] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];
