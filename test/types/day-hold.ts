import { paidEffects, type PaidEffectFactories } from '../../activities/index.ts';
import type { CheckoutOperation } from '../../src/checkout/checkout-service.ts';
import type { StoredWords } from '../../src/checkout/paid-vocabulary.ts';
import { paidOperationContract } from '../../workflows/checkout-messages.ts';
import type * as bundle from '../../workflows/index.ts';
import type { ExportsPaidRuns } from '../../workflows/paid-operations-messages.ts';
import type { WithDayHold } from '../fixtures/day-hold/bundle.ts';
import { dayHoldContract, type DayHoldInput, type DayHoldResult } from '../fixtures/day-hold/messages.ts';
import { dayHoldOperation } from '../fixtures/day-hold/service.ts';

// The compile errors a paid operation gets for each part it leaves out, shown on the day hold of
// test/fixtures/day-hold (type-checked only: tsc covers test/, jest runs only *.test.ts). Each
// `@ts-expect-error` fails the type check if its line ever compiles.

const declare = paidOperationContract<DayHoldInput, DayHoldResult>();
const { mandateOperation: _mandateOperation, ...noMandateOperation } = dayHoldContract;
const { checkoutRows: _checkoutRows, ...noCheckoutRows } = dayHoldContract;

/** Leaving out its mandate operation: a checkout that no spend mandate would ever count. */
export const withoutMandate = declare(
  // @ts-expect-error Property 'mandateOperation' is missing
  noMandateOperation,
);

/** Leaving out how the expiry sweep finds the run behind a checkout row: rows no sweep would ever close. */
export const withoutSweepEntry = declare(
  // @ts-expect-error Property 'checkoutRows' is missing
  noCheckoutRows,
);

/** A mandate operation that no mandate knows, and a `doneAs` the checkout table does not store. */
const unknownWords = declare({ ...dayHoldContract, mandateOperation: 'hold', doneAs: 'held' });
// @ts-expect-error 'hold' is not a MandateOperation, 'held' not a stored outcome: src/domain's lists (and a migration) first
export type UnknownWords = StoredWords<typeof unknownWords>;
export type KnownWords = StoredWords<typeof dayHoldContract>;

// @ts-expect-error Property 'dayHoldWorkflow' is missing: the bundle (workflows/index.ts) must export its run
export type RunsWithoutIt = ExportsPaidRuns<typeof bundle, WithDayHold>;

// @ts-expect-error Property 'day_hold' is missing: the worker's effects (activities/index.ts) must hold its effect
export const effectsWithoutIt: PaidEffectFactories<WithDayHold> = paidEffects;

export const unknownMandate: CheckoutOperation<DayHoldInput, DayHoldResult, 'registered'> = {
  ...dayHoldOperation,
  // @ts-expect-error Type '"hold"' is not assignable to type 'MandateOperation'
  mandateOperation: 'hold',
};
