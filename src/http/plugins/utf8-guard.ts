import fp from 'fastify-plugin';
import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from '../../domain/errors.ts';

/** Bodies read as text: JSON (and `+json` types), forms, and every `text/*` type (markdown, plain). */
const TEXT_BODY = /^\s*(application\/(json|[\w.+-]+\+json|x-www-form-urlencoded)|text\/)/i;
const FORM = /^\s*application\/x-www-form-urlencoded/i;

const refusal = (what: string) =>
  new AppError(
    'invalid_utf8',
    `The request body is not valid UTF-8 (${what}); send text encoded as UTF-8. Nothing was changed.`,
    { location: 'body' },
  );

/** Whether every run of percent-escapes in a form body spells UTF-8 (`%C3%A9` does; `%FF` does not). */
function escapesAreUtf8(form: string): boolean {
  for (const run of form.match(/(?:%[0-9a-fA-F]{2})+/g) ?? [])
    if (!isUtf8(Buffer.from(run.replaceAll('%', ''), 'hex'))) return false;
  return true;
}

/**
 * Passes a text body through unchanged while checking, as its bytes arrive, that they are UTF-8; a form
 * body's percent-escapes are checked once it is whole. Reports the bytes read as Fastify asks of a
 * preParsing stream (`receivedEncodedLength`, for its Content-Length and body-limit checks).
 */
class Utf8Check extends Transform {
  receivedEncodedLength = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private form: string[] | null;

  constructor(form: boolean) {
    super();
    this.form = form ? [] : null;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.receivedEncodedLength += chunk.length;
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      done(refusal('a byte sequence that is no UTF-8 character'));
      return;
    }
    this.form?.push(text);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    try {
      const rest = this.decoder.decode(); // throws when the body ends inside a character
      this.form?.push(rest);
    } catch {
      done(refusal('it ends inside a character'));
      return;
    }
    if (this.form && !escapesAreUtf8(this.form.join(''))) {
      done(refusal('a percent-escaped byte sequence that is no UTF-8 character'));
      return;
    }
    done();
  }
}

/**
 * The body through the check, with every error of either stream kept inside the request. Fastify listens
 * for the check's refusal only when a parser reads the body: a route with no parser for the type (415), a
 * GET, or an answer sent before the body is read leaves the check unread, and an `'error'` event with no
 * listener ends the process (issue 49: `%FF` sent as a form to a route without a form parser stopped the
 * API). The listener below hears it in that case; when a parser reads, its own listener turns the same
 * error into the request's 400. `pipe` does not carry the request's own errors (a client that aborts) to
 * the check, so they are passed on, and the parser ends instead of waiting for a body that will not come.
 * (Not `pipeline`: it would destroy the request's socket on a refusal, before the 400 could be sent.)
 */
function guarded(payload: NodeJS.ReadableStream, check: Utf8Check): Utf8Check {
  check.on('error', ignoreUnread);
  payload.on('error', (err: Error) => check.destroy(err));
  return payload.pipe(check);
}

/** The refusal of a body nobody reads: the request has its answer already (see `guarded`). */
const ignoreUnread = (): void => undefined;

/**
 * Text that enters the service is UTF-8 (docs/api.md "Text input"). Node decodes a body's bytes that are
 * not UTF-8 as U+FFFD without a word, so such a body would be stored changed; it is refused instead, 400
 * `invalid_utf8`, before it is parsed: on every route that takes a JSON, form or text (markdown, plain)
 * body. A JSON string may still spell a lone surrogate with an escape (`"\ud800"`), which no UTF-8 can
 * hold: the text guard (nul-guard.ts) refuses that once the body is parsed.
 */
export const utf8GuardPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: the body parser must be listening before the check can fail.
    // An async hook hands the stream over a microtask later, and a small body that fails by then fails
    // unheard (the parser would read what passed, as if the body had ended there).
    app.addHook('preParsing', (req, _reply, payload, done) => {
      const type = req.headers['content-type'];
      if (!type || !TEXT_BODY.test(type)) return done(null, payload);
      done(null, guarded(payload, new Utf8Check(FORM.test(type))));
    });
  },
  { name: 'utf8-guard' },
);
