import http from 'node:http';
import https from 'node:https';
import { AppError } from '../domain/errors.ts';
import { pinnedLookup } from '../webhooks/send.ts';
import { checkTarget, type TargetPolicy } from '../webhooks/target.ts';

// The verifier's requests to hosts it does not run, under the webhook delivery's rules (src/webhooks): only
// public addresses (every address the host resolves to is checked, and the connection goes to the one
// checked), no redirects followed, a bounded answer and a bounded time. A request never throws: what went
// wrong is the answer's `error`, said so a person reading the verifier's report knows what to fix.

export const MAX_DOCUMENT_BYTES = 256 * 1024;
export const REQUEST_TIMEOUT_MS = 5_000;

export type Fetched =
  | { ok: true; status: number; body: string; contentType: string | null; url: string }
  | { ok: false; error: string; url: string };

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
}

export async function fetchOutside(raw: string, policy: TargetPolicy, req: OutboundRequest = {}): Promise<Fetched> {
  let target;
  try {
    target = await checkTarget(raw, policy);
  } catch (err) {
    if (err instanceof AppError)
      return { ok: false, error: err.message.replace(/target_url('s)?/g, 'the URL$1'), url: raw };
    throw err;
  }
  const timeoutMs = req.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (f: Fetched) => {
      if (!settled) {
        settled = true;
        resolve(f);
      }
    };
    const request = client.request(
      target.url,
      {
        method: req.method ?? 'GET',
        headers: {
          accept: 'application/json',
          'user-agent': 'agent-registry-verifier/1',
          ...(req.body !== undefined && { 'content-length': String(Buffer.byteLength(req.body)) }),
          ...req.headers,
        },
        lookup: pinnedLookup(target.address),
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_DOCUMENT_BYTES) {
            res.destroy();
            finish({ ok: false, error: `the answer is larger than ${MAX_DOCUMENT_BYTES / 1024} KiB`, url: raw });
          } else chunks.push(chunk);
        });
        res.on('end', () =>
          finish({
            ok: true,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            contentType: res.headers['content-type'] ?? null,
            url: raw,
          }),
        );
        res.on('error', (err) => finish({ ok: false, error: err.message, url: raw }));
      },
    );
    request.on('error', (err: NodeJS.ErrnoException) =>
      finish({
        ok: false,
        error:
          err.name === 'AbortError' || err.name === 'TimeoutError'
            ? `no answer within ${timeoutMs / 1000} s`
            : (err.code ?? err.message),
        url: raw,
      }),
    );
    request.end(req.body);
  });
}

/** A JSON document fetched with `fetchOutside`: its value, or why there is none. */
export async function fetchJson(
  raw: string,
  policy: TargetPolicy,
  req: OutboundRequest = {},
): Promise<{ ok: true; value: unknown; status: number } | { ok: false; error: string; status?: number }> {
  const got = await fetchOutside(raw, policy, req);
  if (!got.ok) return got;
  if (got.status >= 300 && got.status < 400)
    return { ok: false, error: `redirected (${got.status}); redirects are not followed`, status: got.status };
  if (got.status !== 200) return { ok: false, error: `answered ${got.status}`, status: got.status };
  try {
    return { ok: true, value: JSON.parse(got.body), status: got.status };
  } catch {
    return { ok: false, error: 'the answer is not JSON', status: got.status };
  }
}
