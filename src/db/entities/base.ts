import { p } from '@mikro-orm/core';

/** When a row was created; tables whose rows never change use only this. */
export const createdAt = p
  .datetime()
  .columnType('timestamptz')
  .onCreate(() => new Date());

// Shared timestamp columns: every table records when a row was created and last changed.
export const timestamps = {
  createdAt,
  updatedAt: p
    .datetime()
    .columnType('timestamptz')
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};
