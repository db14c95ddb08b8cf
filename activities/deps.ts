import type { Orm } from '../src/db/orm.ts';

/** What activities may touch. Built once by the worker (or a test) and handed to every factory. */
export interface ActivityDeps {
  orm: Orm;
  catalogPath: string;
}
