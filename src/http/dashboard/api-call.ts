import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../session-cookie.ts';

/**
 * The dashboard does what a person asks by calling the documented API operations in-process, with the
 * person's session: the same validation, access rules, idempotency and services as any client, so no
 * rule is written twice (docs/dashboard.md). A call carries a secret made when the process starts and
 * never sent anywhere: it is how the access check knows a session on a route whose rule says
 * `dashboard` (spec 5 rule 7 fixes it to a key or a bearer token for clients) came through the
 * dashboard's form check, never from the network.
 */
const CALL_HEADER = 'x-registry-dashboard-call';

export interface ApiAnswer {
  status: number;
  /** The parsed JSON body; null when the answer had none. */
  body: unknown;
}

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** Sent as Idempotency-Key: a form rendered once acts once, however often it is posted. */
  idempotencyKey?: string;
}

export function dashboardCalls(app: FastifyInstance) {
  const secret = randomBytes(32).toString('base64url');
  const expected = Buffer.from(secret);

  /** Whether this request is one of the dashboard's own calls (constant-time: the secret never leaks by timing). */
  function isDashboardCall(req: FastifyRequest): boolean {
    const given = req.headers[CALL_HEADER];
    if (typeof given !== 'string' || given.length !== secret.length) return false;
    return timingSafeEqual(Buffer.from(given), expected);
  }

  /** Calls an API operation as the person behind `req`'s session, from the person's address. */
  async function call(req: FastifyRequest, c: ApiCall): Promise<ApiAnswer> {
    const session = req.cookies[SESSION_COOKIE];
    const res = await app.inject({
      method: c.method,
      url: c.url,
      remoteAddress: req.ip,
      headers: {
        accept: 'application/json',
        [CALL_HEADER]: secret,
        ...(c.idempotencyKey ? { 'idempotency-key': c.idempotencyKey } : {}),
        ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      cookies: session ? { [SESSION_COOKIE]: session } : {},
      ...(c.body !== undefined ? { payload: JSON.stringify(c.body) } : {}),
    });
    const text = res.body;
    let body: unknown = null;
    if (text && (res.headers['content-type'] ?? '').toString().includes('json')) body = JSON.parse(text);
    return { status: res.statusCode, body };
  }

  return { isDashboardCall, call };
}

export type DashboardCalls = ReturnType<typeof dashboardCalls>;

declare module 'fastify' {
  interface FastifyInstance {
    dashboardCalls: DashboardCalls;
  }
}
