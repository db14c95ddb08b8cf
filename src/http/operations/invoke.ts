import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../../auth/principal.ts';
import { ApprovalRequired } from '../../mandates/approvals.ts';
import type { Channel } from '../auth.ts';
import { describeError, errorBody } from '../error-handler.ts';
import { routeKey } from '../declaration.ts';
import { heldKey } from '../pipeline/idempotency-step.ts';
import { pipeline } from '../pipeline/pipeline.ts';
import { runAfter, runAround, runBefore, runEnd } from '../pipeline/run.ts';
import type { EarlyAnswer, PipelineCall, SentAnswer } from '../pipeline/step.ts';
import { Answer, callOf, type Call, type Input, type Operation, type Output } from './operation.ts';

/**
 * Who calls in-process: the principal the adapter's own request authenticated, where it came from, and
 * that request's headers (the call's carrier, which the pipeline's steps may read).
 */
export interface Caller {
  principal: Principal | null;
  ip: string;
  log: FastifyBaseLogger;
  channel: Exclude<Channel, 'http'>;
  headers: Record<string, string | string[] | undefined>;
}

/** An operation's answer as a client reads it: status, the serialized body, the headers it set. */
export type Outcome<B = unknown> =
  | { ok: true; status: 200; body: B; headers: Record<string, string> }
  | { ok: false; status: number; body: unknown; headers: Record<string, string> };

/** What a refusal raised on the way in or by the operation reads as: the same body as over HTTP. */
function refusal(err: unknown, log: FastifyBaseLogger, baseUrl: string): Outcome<never> {
  // A purchase waiting for the person's approval: 202 with its body (src/http/error-handler.ts).
  if (err instanceof ApprovalRequired) return { ok: false, status: 202, body: err.body(baseUrl), headers: {} };
  const e = describeError(err as FastifyError, { log });
  return {
    ok: false,
    status: e.statusCode,
    body: errorBody(e.code, e.message, e.details, e.fields),
    headers: e.headers ?? {},
  };
}

/** Input refused by one of the operation's schemas, as Fastify's validator refuses it (400 validation_failed). */
class InvalidInput extends Error {
  readonly issues: { location: string; path: string; message: string }[];
  constructor(issues: InvalidInput['issues']) {
    const where = issues.map((i) => `${i.location}${i.path ? `.${i.path}` : ''}: ${i.message}`).join('; ');
    super(`Invalid request: ${where}`);
    this.issues = issues;
  }
}

/** Input checked against one of the operation's schemas. */
function checked(schema: z.ZodType | undefined, value: unknown, location: string): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new InvalidInput(result.error.issues.map((i) => ({ location, path: i.path.join('.'), message: i.message })));
}

/** The operation's path with its parameters filled in, and its query: what an Idempotency-Key promises. */
function pathOf(url: string, params: Record<string, unknown>, query: Record<string, unknown>): string {
  const path = url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(JSON.stringify(params[name] ?? '')));
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The body as a client reads it: what the operation already wrote as text (a cached JSON answer, a page)
 * as it is, JSON parsed; anything else encoded through the status's response schema, as the route's
 * serializer does.
 */
/** A JSON media type (`application/json`, `…+json`), not JSON Lines (`application/x-ndjson`), which is text. */
const isJson = (type: string) => /^application\/(?:[\w.-]+\+)?json\b/i.test(type.trim());

function serialized(op: Operation, a: Answer): unknown {
  if (a.body === undefined || a.body === null) return null;
  if (typeof a.body === 'string') {
    const type = Object.entries(a.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
    return isJson(type) ? JSON.parse(a.body) : a.body;
  }
  const schema = op.schema.response[a.status];
  const encoded = schema ? z.encode(schema, a.body) : a.body;
  return typeof encoded === 'string' ? encoded : JSON.parse(JSON.stringify(encoded ?? null));
}

/** A step's early answer (a kept answer replayed) as the caller reads it. */
function early(a: EarlyAnswer): Outcome<never> {
  const body: unknown = isJson(a.contentType ?? '') ? JSON.parse(a.body) : a.body;
  return { ok: a.status === 200, status: a.status, body, headers: a.headers } as Outcome<never>;
}

/**
 * The outcome as it would have been sent over HTTP: what the pipeline's `after` steps keep and record. The
 * JSON text is made only when a step reads it (a kept answer): a page's reads, the most frequent calls, need none.
 */
const sentOf = (o: Outcome): SentAnswer =>
  typeof o.body === 'string'
    ? { status: o.status, contentType: 'text/plain; charset=utf-8', body: o.body }
    : {
        status: o.status,
        contentType: 'application/json; charset=utf-8',
        get body() {
          return JSON.stringify(o.body);
        },
      };

/**
 * Calls an operation in-process, for an MCP tool, a batch item or a dashboard form: the same pipeline as
 * the HTTP route (src/http/pipeline: access, Idempotency-Key, audit context and every rule added there),
 * the same validation against the route's schemas and the same error bodies, without a second HTTP
 * request. The caller's own request was authenticated, rate-limited and (for a form) checked for its
 * origin and token already.
 */
export async function invoke<O extends Operation>(
  app: FastifyInstance,
  op: O,
  caller: Caller,
  input: Input<O> & { idempotencyKey?: string } = {},
): Promise<Outcome<Output<O>>> {
  const { method, url } = op.route;
  // Credentials sent to a public operation are ignored, as over HTTP.
  const principal = op.route.config.access.length === 0 ? null : caller.principal;
  const call: PipelineCall = {
    channel: caller.channel,
    key: routeKey(method, url),
    method,
    url,
    config: { ...op.route.config, ...(op.keptWithout && { keptWithout: op.keptWithout }) },
    principal,
    ip: caller.ip,
    carrier: caller.headers,
    params: {},
    query: {},
    body: undefined,
    target: url,
    answerSchema: op.schema.response[200],
    idempotencyKey: input.idempotencyKey,
    log: caller.log,
    held: new Map(),
  };
  let outcome: Outcome<Output<O>>;
  try {
    outcome = await called(app, op, call, input);
  } catch (err) {
    outcome = refusal(err, caller.log, app.deps.config.publicBaseUrl);
  }
  try {
    await runAfter(pipeline, call, sentOf(outcome), app);
  } finally {
    runEnd(pipeline, call);
  }
  return outcome;
}

/** The call through the pipeline's steps to the operation and back: its outcome, or the refusal thrown. */
async function called<O extends Operation>(
  app: FastifyInstance,
  op: O,
  call: PipelineCall,
  input: Input<O>,
): Promise<Outcome<Output<O>>> {
  const first = await runBefore(pipeline, 'caller', call, app);
  if (first) return early(first);
  let opCall: Call<O['schema']>;
  try {
    opCall = callOf(
      {
        principal: call.principal,
        ip: call.ip,
        params: checked(op.schema.params, input.params ?? {}, 'params'),
        query: checked(op.schema.querystring, input.query ?? {}, 'querystring'),
        body: checked(op.schema.body, input.body, 'body'),
        // Checked as Fastify does, and like Fastify the other headers stay readable (an Authorization receipt).
        headers: { ...input.headers, ...(checked(op.schema.headers, input.headers ?? {}, 'headers') as object) },
        idempotency: null,
        log: call.log,
      },
      app.deps.orm,
    ) as Call<O['schema']>;
  } catch (err) {
    if (!(err instanceof InvalidInput)) throw err;
    return {
      ok: false,
      status: 400,
      body: errorBody('validation_failed', err.message, { issues: err.issues }),
      headers: {},
    };
  }
  call.params = opCall.params as Record<string, unknown>;
  call.query = (opCall.query ?? {}) as Record<string, unknown>;
  call.body = opCall.body;
  call.target = pathOf(call.url, call.params, call.query);
  const second = await runBefore(pipeline, 'input', call, app);
  if (second) return early(second);
  opCall.idempotency = heldKey(call);
  return runAround(pipeline, call, async () => {
    const result = await op.run(opCall, app.services);
    const a = result instanceof Answer ? result : new Answer(200, result);
    // Header names as a client reads them: lower case, whatever case the operation wrote them in.
    const headers = Object.fromEntries(Object.entries(a.headers).map(([k, v]) => [k.toLowerCase(), v]));
    return { ok: a.status === 200, status: a.status, body: serialized(op, a), headers } as Outcome<Output<O>>;
  });
}
