import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiRequest } from './tools/tool.ts';

/** Who calls through MCP: the credential headers of the /mcp request, passed on unchanged, and its address. */
export interface Caller {
  credentials: Record<string, string>;
  ip: string;
}

export interface ApiAnswer {
  status: number;
  /** The parsed JSON body; null when the answer had none or was not JSON. */
  body: unknown;
  text: string;
  headers: Record<string, string | undefined>;
}

export interface CallOptions {
  /** The tool call's `request_id`, sent as Idempotency-Key. */
  idempotencyKey?: string;
  /** A payment credential (`Payment <base64url>`) from the tool call's `_meta`. */
  payment?: string;
}

export type ApiCaller = (request: ApiRequest, options?: CallOptions) => Promise<ApiAnswer>;

/**
 * The caller's credential as the API reads it: an API key or a bearer token, nothing else (a session
 * cookie is not an MCP credential, and a payment is per tool call, from `_meta`).
 */
export function callerOf(req: FastifyRequest): Caller {
  const credentials: Record<string, string> = {};
  const key = req.headers['x-api-key'];
  const authorization = req.headers.authorization;
  if (req.principal && typeof key === 'string') credentials['x-api-key'] = key;
  if (req.principal && authorization && /^Bearer\s/i.test(authorization)) credentials.authorization = authorization;
  return { credentials, ip: req.ip };
}

/**
 * Calls a documented operation in-process (`app.inject`), as the caller, from the caller's address: the
 * route's validation, access rule, rate limit, idempotency and services, exactly as over HTTP
 * (the dashboard does the same, src/http/dashboard/api-call.ts). A payment goes where the route reads it:
 * `Authorization: Payment` beside an API key (spec 5 rule 2), or the body's `receipt` when the bearer
 * token holds the Authorization header; such a retry is sent without its Idempotency-Key, because the
 * key's request was the unpaid one (a key promises the same body), and the credential itself is
 * single-use: sent again, it gets the first answer again, never a second operation.
 */
export function apiCaller(app: FastifyInstance, caller: Caller): ApiCaller {
  return async (r, options = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...caller.credentials, ...r.headers };
    let body = r.body;
    let idempotencyKey = options.idempotencyKey;
    if (options.payment) {
      if (headers.authorization) {
        body = { ...(body as object), receipt: options.payment };
        idempotencyKey = undefined;
      } else headers.authorization = options.payment;
    }
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const query = Object.entries(r.query ?? {}).filter((e): e is [string, string | number] => e[1] !== undefined);
    const search = query.length
      ? `?${new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)])).toString()}`
      : '';
    const res = await app.inject({
      method: r.method,
      url: `${r.url}${search}`,
      remoteAddress: caller.ip,
      headers,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const json = (res.headers['content-type'] ?? '').toString().includes('json');
    const flat: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(res.headers)) flat[k] = Array.isArray(v) ? v.join(', ') : v?.toString();
    return {
      status: res.statusCode,
      body: json && res.body ? JSON.parse(res.body) : null,
      text: res.body,
      headers: flat,
    };
  };
}
