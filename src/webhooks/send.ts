import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { DELIVERY_TIMEOUT_MS, RESPONSE_PREFIX_BYTES, type AttemptResponse } from '../domain/webhook-delivery.ts';
import type { CheckedTarget } from './target.ts';

/**
 * A lookup that answers only the address the target check approved: the connection goes exactly
 * there, while TLS still verifies the certificate against the URL's host name (SNI and Host unchanged).
 */
export function pinnedLookup(address: string): LookupFunction {
  const family = ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4;
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * POSTs one signed delivery to a checked target. Never follows a redirect (node's client does not),
 * gives up after 10 s (a test may pass less) for the whole exchange, keeps at most the first kilobyte of the answer and
 * discards the rest. Always resolves: a failure is an answer with no status code and the reason.
 */
export function postDelivery(
  target: CheckedTarget,
  delivery: { body: string; headers: Record<string, string> },
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<AttemptResponse> {
  const started = performance.now();
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResponse, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, latencyMs: Math.round(performance.now() - started) });
    };
    const req = client.request(
      target.url,
      {
        method: 'POST',
        headers: {
          ...delivery.headers,
          'content-length': String(Buffer.byteLength(delivery.body)),
          'user-agent': 'agent-registry-webhooks/1',
        },
        lookup: pinnedLookup(target.address),
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_PREFIX_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_PREFIX_BYTES - kept));
            kept += Math.min(chunk.length, RESPONSE_PREFIX_BYTES - kept);
          } else res.destroy(); // the rest is not ours to read
        });
        const done = () =>
          finish({
            statusCode: res.statusCode ?? null,
            error: null,
            responsePrefix: Buffer.concat(chunks).toString('utf8') || null,
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({
        statusCode: null,
        error:
          err.name === 'AbortError' || err.name === 'TimeoutError'
            ? `timeout after ${timeoutMs / 1000} s`
            : (err.code ?? err.message),
        responsePrefix: null,
      }),
    );
    req.end(delivery.body);
  });
}
