import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answer, type Answer } from './operations/operation.ts';

// The public views of a domain (lookup, shop-status, agent.json, skill.md) change whenever their owner
// edits them, and must show an edit at once. So caches may keep them but must ask again every time
// (`no-cache`), and a strong tag — a digest of the exact bytes sent — makes asking cheap: a client that
// already has the current document gets a 304 without a body.

/** The Cache-Control of a public view: caches may keep it but must revalidate it at every use. */
export const REVALIDATE = 'public, no-cache';

/** Whether an If-None-Match header names `tag`: weak comparison, as RFC 9110 (13.1.2) prescribes. */
export function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = tag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** The strong tag of a document: a digest of the exact bytes sent. */
export const tagOf = (bytes: string | Buffer) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

/**
 * What conditionalGet does, for an operation: its 200 (`body`, whose bytes as sent `tag` digests) with the
 * tag, or a 304 without a body when the request's If-None-Match already names it. `type` goes on the 200 only.
 */
export function revalidated<B>(
  request: Record<string, string | string[] | undefined>,
  tag: string,
  ok: { body: B; headers?: Record<string, string>; type?: string },
): Answer<B> | Answer<undefined> {
  // Revalidated at every use unless the caller allows a max-age.
  const headers = { 'cache-control': REVALIDATE, ...ok.headers, etag: tag };
  const held = request['if-none-match'];
  if (matches(Array.isArray(held) ? held.join(',') : held, tag)) return answer(304, undefined, headers);
  return answer(200, ok.body, ok.type ? { ...headers, 'content-type': ok.type } : headers);
}

/** Route `onSend` hook: tags a 200, and answers 304 when the request already holds that tag. */
export async function conditionalGet(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const tag = tagOf(payload);
  reply.header('etag', tag).header('cache-control', REVALIDATE);
  if (!matches(req.headers['if-none-match'], tag)) return payload;
  reply.code(304).removeHeader('content-type');
  return null;
}
