import type { FastifyBaseLogger, FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Principal } from '../../auth/principal.ts';
import type { Channel } from '../auth.ts';

/**
 * One call of an operation as every step of the pipeline sees it, whichever adapter made it: an HTTP
 * request to its route, or an MCP tool call, a batch item or a dashboard form, made in-process under the
 * HTTP request that carries it.
 */
export interface PipelineCall {
  channel: Channel;
  /** The operation's route key (`POST /api/v1/renew`), its declared method and path, and its declaration. */
  key: string;
  method: string;
  url: string;
  config: FastifyContextConfig;
  principal: Principal | null;
  ip: string;
  /** The headers of the HTTP request that carries the call: the route's own, or the tool's, batch's or form's. */
  carrier: Record<string, string | string[] | undefined>;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The path and query the call names, as an Idempotency-Key promises them. */
  target: string;
  /** The operation's 200 schema: which of its fields a kept answer may leave out. */
  answerSchema: unknown;
  /** The Idempotency-Key sent with the call, if any. */
  idempotencyKey: string | undefined;
  log: FastifyBaseLogger;
  /** What steps hold for the call until it is answered (a taken key, an audit context), by step name. */
  held: Map<string, unknown>;
}

/** An answer a step gives in the operation's place: a kept answer, replayed as it was sent. */
export interface EarlyAnswer {
  status: number;
  contentType: string | null;
  body: string;
  headers: Record<string, string>;
}

/** The answer the call got, as sent: its status and, when it was text, its body. */
export interface SentAnswer {
  status: number;
  contentType: string | null;
  body: string | null;
}

/**
 * A step every operation call passes (pipeline.ts). A refusal is thrown as an AppError, which each adapter
 * renders its own way; anything else lets the call on.
 */
export interface Step {
  name: string;
  /**
   * When the step can run: `caller` once the caller is known (over HTTP, before the body is read), `input`
   * once the input is checked, just before the operation runs.
   */
  when: 'caller' | 'input';
  /**
   * Whether the step has anything to do for calls of this route over this channel (absent: always). Read
   * once per route by the HTTP adapter, which runs no hook of a step that never applies: a public read
   * passes no step at all, at the framework's speed.
   */
  appliesTo?(route: { method: string; config: FastifyContextConfig }, channel: Channel): boolean;
  /** Refuses the call, lets it on, or answers in the operation's place. */
  before?(call: PipelineCall, app: FastifyInstance): EarlyAnswer | void | Promise<EarlyAnswer | void>;
  /** Runs the rest of the call inside what the step set up (the audit context). */
  around?<T>(call: PipelineCall, rest: () => T): T;
  /** Once the call is answered: settles what `before` held. */
  after?(call: PipelineCall, sent: SentAnswer, app: FastifyInstance): Promise<void>;
  /** However the call ends, answered or abandoned: lets go of what `before` held. */
  end?(call: PipelineCall): void;
}
