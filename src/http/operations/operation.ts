import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Orm } from '../../db/orm.ts';
import type { Principal } from '../../auth/principal.ts';
import type { HeldKey } from '../plugins/idempotency.ts';
import type { RouteDeclaration } from '../declaration.ts';
import type { Services } from './services.ts';

/** An operation's schemas, as Fastify and the OpenAPI document read them (the route's `schema`). */
export interface OperationSchema {
  tags?: string[];
  summary?: string;
  description?: string;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
  /** Body media types other than JSON (a skill file's text/plain). */
  consumes?: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  response: { 200?: z.ZodType } & Record<number, z.ZodType>;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * One call of an operation, whichever adapter made it (an HTTP request, an MCP tool call, a dashboard
 * form): who asks, from where, and the input already checked against the operation's schemas.
 */
export interface Call<S extends OperationSchema> {
  principal: Principal | null;
  ip: string;
  params: Parsed<S['params']>;
  query: Parsed<S['querystring']>;
  body: Parsed<S['body']>;
  /** The headers the operation reads (its `headers` schema's, and any other it looks at by name). */
  headers: Record<string, string | string[] | undefined>;
  /** The Idempotency-Key this call holds, when it sent one on an operation that honours keys. */
  idempotency: HeldKey | null;
  log: FastifyBaseLogger;
  /**
   * The call's unit of work: one database session (MikroORM's identity map) for its reads and writes,
   * opened at its first use by the adapter, as MikroORM's request context opens one per request.
   */
  readonly db: EntityManager;
}

/** A call of its fields, with its unit of work opened on the ORM at the first read of `db`. */
export function callOf<C extends Omit<Call<OperationSchema>, 'db'>>(
  fields: C,
  orm: Orm,
): C & { readonly db: EntityManager } {
  let em: EntityManager | undefined;
  // A getter in the literal, not defineProperty: the call keeps one shape, and a call that never reads
  // `db` (a cached read) opens no session.
  return {
    ...fields,
    get db() {
      return (em ??= orm.em.fork());
    },
  };
}

/**
 * An answer other than the plain 200 body: another status, or headers the operation sets (a payment
 * challenge, a receipt). The HTTP adapter sends it as it is; MCP and the dashboard read it the same way.
 */
export class Answer<B = unknown> {
  readonly status: number;
  readonly body: B;
  readonly headers: Record<string, string>;
  constructor(status: number, body: B, headers: Record<string, string> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const answer = <B>(status: number, body: B, headers?: Record<string, string>) =>
  new Answer(status, body, headers);

/** What an operation's 200 is before serialization (the serializer encodes it through the schema). */
export type Success<S extends OperationSchema> = S['response'][200] extends z.ZodType
  ? z.output<S['response'][200]>
  : never;

/**
 * A documented API operation said once: its route (method, path, access rule, OpenAPI text), its
 * schemas, and what it does. Refusals are thrown as AppError (a stable code); anything else is returned.
 * Routes, MCP tools and dashboard forms all call `run` through the same pipeline and validation
 * (route.ts, invoke.ts), so no rule is written twice. `run` sees its call and the app's services
 * (services.ts), never the HTTP server: no operation can depend on how it was called.
 */
export interface Operation<S extends OperationSchema = OperationSchema> {
  route: RouteDeclaration;
  schema: S;
  run(call: Call<S>, services: Services): Promise<Success<S> | Answer>;
  /** Top-level fields of the 200 never kept with an Idempotency-Key (a secret shown once). */
  keptWithout?: readonly string[];
}

export const defineOperation = <const S extends OperationSchema>(
  route: RouteDeclaration,
  schema: S,
  run: Operation<S>['run'],
  options: { keptWithout?: readonly string[] } = {},
): Operation<S> => ({ route, schema, run, ...options });

/** What an operation's 200 reads as once serialized: what a client (or a page) gets. */
export type Output<O extends Operation> = O['schema']['response'][200] extends z.ZodType
  ? z.input<O['schema']['response'][200]>
  : never;

/** The input an adapter gives an operation, before validation: path values, query, body, headers. */
export interface Input<O extends Operation> {
  params?: O['schema']['params'] extends z.ZodType ? z.input<O['schema']['params']> : never;
  query?: O['schema']['querystring'] extends z.ZodType ? z.input<O['schema']['querystring']> : never;
  body?: O['schema']['body'] extends z.ZodType ? z.input<O['schema']['body']> : never;
  headers?: Record<string, string>;
}
