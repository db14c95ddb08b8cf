import { describe, expect, it } from '@jest/globals';
import { checkoutOutcomes } from '../../src/domain/checkout-outcomes.ts';
import { checkoutOutcomes as storedOutcomes } from '../../src/db/entities/checkout-session.ts';

describe('vocabulary', () => {
  // The checkout table still declares its own list (its entity file is being reworked apart from this one).
  it('stores exactly the checkout outcomes src/domain names', () => {
    expect([...storedOutcomes]).toEqual([...checkoutOutcomes]);
  });
});
