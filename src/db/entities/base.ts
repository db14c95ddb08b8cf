import { p } from '@mikro-orm/core';

// Shared timestamp columns: every table records when a row was created and last changed.
export const timestamps = {
  createdAt: p.datetime().columnType('timestamptz').onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .columnType('timestamptz')
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};
