import type { NotDone, PaidOperationContract } from '../../workflows/checkout-messages.ts';
import type { PaidOperation } from '../../workflows/paid-operations-messages.ts';
import type { DoneOutcome, NotDoneOutcome } from '../domain/checkout-outcomes.ts';
import type { OrderKind } from '../domain/orders.ts';
import type { MandateOperation } from '../domain/mandates.ts';

// The words a paid operation's contract shares with what the database and the API store. The contracts
// live in workflows/, which imports nothing from src/, so they spell these words as literal types; the
// lists of src/domain (and the mandate table's) are what the tables and the schemas are built from.
// These checks keep the two the same at compile time: a new operation with a word no list has, or a
// list with a word no operation uses any more, does not compile (src/checkout/README.md "A paid operation").

/** A paid operation's contract whose stored words are all known: its outcome, its order, its mandate operation. */
export type StoredWords<
  C extends PaidOperationContract & { doneAs: DoneOutcome; orderKind: OrderKind; mandateOperation: MandateOperation },
> = C;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

/** Compile-time: every paid operation speaks only stored words. */
export type PaidOperationsStored = StoredWords<PaidOperation>;
/** Compile-time: the done outcomes stored are exactly the paid operations' `doneAs`. */
export type DoneOutcomesUsed = Holds<Same<DoneOutcome, PaidOperation['doneAs']>>;
/** Compile-time: a run ends without its operation in exactly the ways the checkout table stores. */
export type NotDoneStored = Holds<Same<NotDoneOutcome, NotDone['outcome']>>;
