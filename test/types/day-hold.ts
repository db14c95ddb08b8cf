import type { EntityManager } from '@mikro-orm/postgresql';
import { proxyActivities } from '@temporalio/workflow';
import { paidEffects, type ActivityDeps, type PaidEffectFactories } from '../../activities/index.ts';
import { paidEffect } from '../../activities/paid-effect.ts';
import type { CheckoutDeps, CheckoutOperation } from '../../src/checkout/checkout-service.ts';
import { paidOperationService } from '../../src/checkout/paid-operation-service.ts';
import type { StoredWords } from '../../src/checkout/paid-vocabulary.ts';
import { AppError } from '../../src/domain/errors.ts';
import { checkoutSpend } from '../../src/mandates/checkout-spend.ts';
import { paidCheckout } from '../../workflows/checkout.ts';
import {
  checkoutMessagesOf,
  paidOperationContract,
  type CheckoutTerms,
  type PaidOutcome,
} from '../../workflows/checkout-messages.ts';
import type * as bundle from '../../workflows/index.ts';
import type { ExportsPaidRuns, PaidOperation } from '../../workflows/paid-operations-messages.ts';
import { dbWrite } from '../../workflows/retry-profiles.ts';

// A paid operation written only to be type-checked (tsc covers test/; jest runs only *.test.ts, and no
// worker ever loads this): "hold a name for a day", a registration of one day that does nothing. It shows
// what a new paid operation must declare, and the compile errors each part it leaves out gets (each
// `@ts-expect-error` fails the type check if its line ever compiles). src/checkout/README.md "A paid
// operation" counts the files a real one needs.

// --- its contract (workflows/<op>-messages.ts) -------------------------------------------------------

interface DayHoldInput extends CheckoutTerms {
  method: 'mpp' | 'gems';
  namespace: string;
}

interface DayHoldResult {
  name: string;
  heldUntil: string;
}

type DayHoldOutcome = PaidOutcome<'registered', DayHoldResult>;

const dayHoldWorkflowId = (name: string) => `day-hold:${name}`;
const { statusQuery: dayHoldStatusQuery, submitPayment: submitDayHoldPayment } = checkoutMessagesOf<
  DayHoldInput,
  DayHoldResult,
  DayHoldOutcome
>();
const declare = paidOperationContract<DayHoldInput, DayHoldResult>();

/** Complete: every field of the contract. */
export const dayHoldContract = declare({
  name: 'day_hold',
  doneAs: 'registered',
  workflowType: 'dayHoldWorkflow',
  workflowId: dayHoldWorkflowId,
  statusQuery: dayHoldStatusQuery,
  submitPaymentUpdate: submitDayHoldPayment,
  effect: 'holdName',
  mandateOperation: 'register',
  orderKind: 'registration',
  checkoutRows: { runOf: (row) => dayHoldWorkflowId(row.name) },
  describe: (input) => `Hold ${input.name} for a day`,
});

// The complete contract less one part each: what a contract that leaves it out is.
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

// --- its run (workflows/<op>.ts) ----------------------------------------------------------------------

const db = proxyActivities<DayHoldActivities>(dbWrite);

export function dayHoldWorkflow(input: DayHoldInput): Promise<DayHoldOutcome> {
  return paidCheckout(dayHoldContract, {
    input,
    paidAtStart: input.method === 'gems' ? { kind: 'gems' } : null,
    hostedCheckout: false,
    effect: (payment) => db.holdName({ input, payment }),
  });
}

// The bundle's runs and the worker's effects, as they would be with the day's hold in the tuple.
type WithDayHold = PaidOperation | typeof dayHoldContract;

// @ts-expect-error Property 'dayHoldWorkflow' is missing: workflows/index.ts must export its run
export type RunsWithoutIt = ExportsPaidRuns<typeof bundle, WithDayHold>;
export type RunsWithIt = ExportsPaidRuns<typeof bundle & { dayHoldWorkflow: typeof dayHoldWorkflow }, WithDayHold>;

// --- its effect (activities/<op>.ts) ------------------------------------------------------------------

const findHold = (_em: EntityManager, _sessionId: string): Promise<DayHoldResult | null> => Promise.resolve(null);

function createDayHoldActivities({ orm }: ActivityDeps) {
  return {
    holdName: paidEffect(orm, dayHoldContract, {
      find: findHold,
      apply: (_tx, input) => Promise.resolve({ name: input.name, heldUntil: new Date(0).toISOString() }),
    }),
  };
}
type DayHoldActivities = ReturnType<typeof createDayHoldActivities>;

// @ts-expect-error Property 'day_hold' is missing: activities/index.ts must register its effect
export const effectsWithoutIt: PaidEffectFactories<WithDayHold> = paidEffects;
export const effectsWithIt: PaidEffectFactories<WithDayHold> = { ...paidEffects, day_hold: createDayHoldActivities };

// --- its service (src/<feature>/operation.ts, service.ts) ---------------------------------------------

export const dayHoldOperation: CheckoutOperation<DayHoldInput, DayHoldResult, 'registered'> = {
  ...dayHoldContract,
  busy: (name) => new AppError('name_being_registered', `${name} is held by someone else right now.`),
};

export const unknownMandate: CheckoutOperation<DayHoldInput, DayHoldResult, 'registered'> = {
  ...dayHoldOperation,
  // @ts-expect-error Type '"hold"' is not assignable to type 'MandateOperation'
  mandateOperation: 'hold',
};

export function dayHoldService(deps: CheckoutDeps) {
  const checkout = paidOperationService(deps, dayHoldOperation);
  return async (name: string, holder: string, sessionId: string) => {
    const input = checkout.newInput(
      { sessionId, name, actorAccountId: null, holder, priceGems: 1, amountMinor: '10000' },
      { method: 'mpp', namespace: 'agent' },
      true,
    );
    // What it counts against a mandate comes from its contract: never missing, never null.
    checkoutSpend(dayHoldOperation.mandateOperation, input, deps.config.GEM_USD_RATE);
    return checkout.offer(await checkout.open(name, input, true));
  };
}
