import { randomUUID } from 'node:crypto';
import { auditContext } from '../../db/audit-context.ts';
import { writeAuditEventIfMissing } from '../../db/audit-subscriber.ts';
import { auditActor, auditedOperation } from '../plugins/audit.ts';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../../auth/principal.ts';
import { idempotencyKeys } from '../../db/idempotency-keys.ts';
import { ApprovalRequired } from '../../mandates/approvals.ts';
import { accessRefusal, type Channel } from '../auth.ts';
import { describeError, errorBody } from '../error-handler.ts';
import { fingerprintOf, IDEMPOTENT_ROUTES, scopeOf, settleKey, takeKey, type HeldKey } from '../plugins/idempotency.ts';
import { routeKey, teamAreaOf } from '../../api/routes/declaration.ts';
import { Answer, type Call, type Input, type Operation, type Output } from './operation.ts';

/** Who calls in-process: the principal the adapter's own request authenticated, and where it came from. */
export interface Caller {
  principal: Principal | null;
  ip: string;
  log: FastifyBaseLogger;
  channel: Exclude<Channel, 'http'>;
}

/** An operation's answer as a client reads it: status, the serialized body, the headers it set. */
export type Outcome<B = unknown> =
  | { ok: true; status: 200; body: B; headers: Record<string, string> }
  | { ok: false; status: number; body: unknown; headers: Record<string, string> };

/** What a refusal raised on the way in or by the operation reads as: the same body as over HTTP. */
function refusal(err: unknown, log: FastifyBaseLogger): Outcome<never> {
  // A purchase waiting for the person's approval: 202 with its body (src/http/error-handler.ts).
  if (err instanceof ApprovalRequired) return { ok: false, status: 202, body: err.body(), headers: {} };
  const e = describeError(err as FastifyError, { log });
  return {
    ok: false,
    status: e.statusCode,
    body: errorBody(e.code, e.message, e.details, e.fields),
    headers: e.headers ?? {},
  };
}

/** Input checked against one of the operation's schemas, as Fastify's validator would (400 validation_failed). */
function checked(schema: z.ZodType | undefined, value: unknown, location: string): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ location, path: i.path.join('.'), message: i.message }));
  const where = issues.map((i) => `${i.location}${i.path ? `.${i.path}` : ''}: ${i.message}`).join('; ');
  throw Object.assign(new Error(`Invalid request: ${where}`), { invalid: issues });
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
function serialized(op: Operation, a: Answer): unknown {
  if (a.body === undefined || a.body === null) return null;
  if (typeof a.body === 'string') {
    const type = Object.entries(a.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
    return type.includes('json') ? JSON.parse(a.body) : a.body;
  }
  const schema = op.schema.response[a.status];
  const encoded = schema ? z.encode(schema, a.body) : a.body;
  return typeof encoded === 'string' ? encoded : JSON.parse(JSON.stringify(encoded ?? null));
}

/**
 * Calls an operation in-process, for an MCP tool or a dashboard form: the same access decision
 * (accessRefusal), the same validation against the route's schemas, the same Idempotency-Key store and
 * the same error bodies as the HTTP route, without a second HTTP request. The caller's own request was
 * authenticated, rate-limited and (for a form) checked for its origin and token already.
 */
export async function invoke<O extends Operation>(
  app: FastifyInstance,
  op: O,
  caller: Caller,
  input: Input<O> & { idempotencyKey?: string } = {},
): Promise<Outcome<Output<O>>> {
  const { method, url } = op.route;
  const key = routeKey(method, url);
  const rule = op.route.config.access;
  // Credentials sent to a public operation are ignored, as over HTTP.
  const principal = rule.length === 0 ? null : caller.principal;
  const denied = accessRefusal(rule, key, principal, caller.channel, teamAreaOf(method, url, op.route.config));
  if (denied) return refusal(denied, caller.log);

  let call: Call<O['schema']>;
  try {
    call = {
      principal,
      ip: caller.ip,
      params: checked(op.schema.params, input.params ?? {}, 'params'),
      query: checked(op.schema.querystring, input.query ?? {}, 'querystring'),
      body: checked(op.schema.body, input.body, 'body'),
      // Checked as Fastify does, and like Fastify the other headers stay readable (an Authorization receipt).
      headers: { ...input.headers, ...(checked(op.schema.headers, input.headers ?? {}, 'headers') as object) },
      idempotency: null,
      log: caller.log,
    } as Call<O['schema']>;
  } catch (err) {
    const issues = (err as { invalid?: unknown }).invalid;
    if (!issues) throw err;
    return {
      ok: false,
      status: 400,
      body: errorBody('validation_failed', (err as Error).message, { issues }),
      headers: {},
    };
  }

  // A dashboard form sends its form id as the key on every change it makes (docs/dashboard.md "How a page works").
  const keyed =
    input.idempotencyKey !== undefined &&
    (IDEMPOTENT_ROUTES.has(key) || (caller.channel === 'dashboard' && method !== 'GET'));
  // Forked only for a keyed call: a page's reads, the most frequent calls, take no key.
  const keys = keyed ? idempotencyKeys(app.deps.orm.em.fork()) : null;
  let held: HeldKey | null = null;
  if (keys) {
    const fingerprint = fingerprintOf({
      method,
      url: pathOf(url, call.params as Record<string, unknown>, (call.query ?? {}) as Record<string, unknown>),
      body: call.body,
    });
    try {
      const taken = await takeKey(keys, scopeOf(principal, caller.ip), input.idempotencyKey!, fingerprint, caller.log);
      if ('replay' in taken) {
        const { status, body } = taken.replay;
        const parsed: unknown = (taken.replay.contentType ?? '').includes('json') ? JSON.parse(body) : body;
        return { ok: status === 200, status, body: parsed, headers: { 'idempotent-replayed': 'true' } } as Outcome<
          Output<O>
        >;
      }
      held = taken;
      call.idempotency = held;
    } catch (err) {
      return refusal(err, caller.log);
    }
  }

  let outcome: Outcome<Output<O>>;
  try {
    // Each operation an adapter calls is its own audited change (an MCP tool, a batch item, a form).
    const audited =
      method === 'GET'
        ? null
        : {
            requestId: randomUUID(),
            ...auditActor(principal, caller.ip),
            ...auditedOperation(key, call.params as Record<string, unknown>, call.body),
          };
    const result = audited ? await auditContext.run(audited, () => op.run(call, app)) : await op.run(call, app);
    const a = result instanceof Answer ? result : new Answer(200, result);
    if (audited && a.status < 300 && op.route.config.audited === undefined)
      await writeAuditEventIfMissing(app.deps.orm.em.fork(), audited);
    // Header names as a client reads them: lower case, whatever case the operation wrote them in.
    const headers = Object.fromEntries(Object.entries(a.headers).map(([k, v]) => [k.toLowerCase(), v]));
    outcome = { ok: a.status === 200, status: a.status, body: serialized(op, a), headers } as Outcome<Output<O>>;
  } catch (err) {
    outcome = refusal(err, caller.log);
  }
  if (keys && held)
    await settleKey(keys, held, {
      status: outcome.status,
      contentType: typeof outcome.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      body: typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body),
      keptWithout: op.keptWithout,
      answerSchema: op.schema.response[200],
      log: caller.log,
    });
  return outcome;
}
