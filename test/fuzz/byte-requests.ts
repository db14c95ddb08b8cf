import fc from 'fast-check';
import { deflateSync, gzipSync } from 'node:zlib';

/** A route the fuzzer aims at: its method and its path with `:params`, on the server at `port`. */
export interface FuzzRoute {
  method: string;
  url: string;
  port: number;
}

/** One generated request: the bytes sent, and what it was made of (printed for a finding). */
export interface ByteCase {
  route: FuzzRoute;
  method: string;
  path: string;
  headers: [string, string][];
  body: Buffer;
  /** Whether the request asks for a page (`Accept: text/html`). */
  wantsPage: boolean;
  /** How the body was framed: `long` claims more bytes than it sends, so no request is ever complete. */
  frame: string;
  bytes: Buffer;
}

/** What a generated request may carry to get past authentication: real credentials of the stack's. */
export interface FuzzCredentials {
  apiKey: string;
  bearer: string;
  cookie: string;
  /** A name the API key's agent owns, for `{domain_name}` paths. */
  ownedName: string;
}

const b = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

// Bodies that are not what they claim: each a family fast-check draws from, with random parts inside.
const invalidUtf8 = fc.constantFrom(
  b([0xff]),
  b([0xfe, 0xff]),
  b([0xff, 0xfe]),
  b('{"a":"', [0xc0, 0xaf], '"}'), // overlong "/"
  b('{"a":"', [0xed, 0xa0, 0x80], '"}'), // a surrogate in bytes
  b('{"a":"', [0xc3]), // cut inside a character
  b([0xf4, 0x90, 0x80, 0x80]), // past U+10FFFF
);
const percentEscapes = fc
  .array(fc.constantFrom('%FF', '%C0%AF', '%C3', '%ED%A0%80', '%00', '%', '%G1', '%e9', '%C3%A9'), {
    minLength: 1,
    maxLength: 6,
  })
  .map((xs) => b(`a=${xs.join('')}&b=${xs.reverse().join('')}`));
const withNul = fc.string().map((s) => b(`{"domain":"${s}`, [0], '"}'));
const bom = fc.json().map((j) => b([0xef, 0xbb, 0xbf], j));
const truncated = fc.json().map((j) => b(j.slice(0, Math.max(0, j.length - 1 - (j.length >> 1)))));
const deep = fc
  .integer({ min: 100, max: 20_000 })
  .chain((n) =>
    fc.constantFrom(b('['.repeat(n)), b('{"a":'.repeat(n), '1', '}'.repeat(n)), b('['.repeat(n), ']'.repeat(n))),
  );
// Past the API's default body limit (64 KiB, BODY_LIMIT_BYTES) by a byte and by far.
const oversize = fc.constantFrom(64 * 1024 + 1, 300_000).map((n) => Buffer.alloc(n, 0x61));
const randomBytes = fc.uint8Array({ maxLength: 512 }).map((u) => Buffer.from(u));
const json = fc.json({ maxDepth: 4 }).map((j) => b(j));
const registrationLike = fc
  .record({
    domain: fc.oneof(fc.string(), fc.constant('scout')),
    namespace: fc.constantFrom('agent', 'boss', '', 'zz'),
    years: fc.oneof(fc.integer(), fc.double()),
    agreed_to_terms: fc.boolean(),
  })
  .map((o) => b(JSON.stringify(o)));
const form = fc
  .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 16 }))
  .map((d) => b(new URLSearchParams(d).toString()));
const multipart = fc.string().map((s) => b(`--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n${s}\r\n--x--\r\n`));

const body = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  invalidUtf8,
  percentEscapes,
  withNul,
  bom,
  truncated,
  deep,
  oversize,
  randomBytes,
  json,
  registrationLike,
  form,
  multipart,
);

const contentType = fc.constantFrom(
  null,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/foo+json',
  'application/merge-patch+json',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=iso-8859-1',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'text/plain',
  'text/markdown; charset=utf-8',
  'text/html',
  'application/octet-stream',
  'application/x-unknown',
  'x/y',
  ';;;',
  '',
  'application/json, text/plain',
);

const method = (route: FuzzRoute) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(route.method) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE') },
    { weight: 1, arbitrary: fc.constantFrom('PROPFIND', 'FOO', 'TRACE', 'CONNECT', 'get') },
  );

const segment = (creds: FuzzCredentials) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(creds.ownedName) },
    { weight: 2, arbitrary: fc.constantFrom('agent', 'scout.agent', '1', 'x') },
    { weight: 1, arbitrary: fc.constantFrom('%FF', '%C0%AF', '%00', 'a%2Fb', '..', '%', 'a'.repeat(600)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
  );

const query = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('?q=%FF', '?limit=-1', '?limit=1e999', '?offset=abc', '?q=a&q=b', '?%', '?q=%00'),
  },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 10 }))
      .map((d) => `?${new URLSearchParams(d).toString()}`),
  },
);

/** Content-Encoding, and the body as it is then sent (valid gzip/deflate of it, or the bytes as they are). */
const encoding = fc.constantFrom<[string | null, (x: Buffer) => Buffer]>(
  [null, (x) => x],
  [null, (x) => x],
  ['gzip', (x) => gzipSync(x)],
  ['gzip', (x) => x],
  ['deflate', (x) => deflateSync(x)],
  ['br', (x) => x],
  ['identity', (x) => x],
  ['x-unknown', (x) => x],
);

/** How Content-Length is sent: true, a lie either way, missing, doubled, or chunked framing. */
const framing = fc.constantFrom(
  'true',
  'true',
  'true',
  'short',
  'long',
  'none',
  'twice',
  'chunked',
  'chunked-bad',
  'both',
);

const credential = (creds: FuzzCredentials) =>
  fc.constantFrom<[string, string][]>(
    [],
    [['X-API-Key', creds.apiKey]],
    [['Authorization', creds.bearer]],
    [['Cookie', creds.cookie]],
    [['X-API-Key', 'not-a-key']],
    [['Authorization', 'Bearer %FF']],
    [
      ['X-API-Key', creds.apiKey],
      ['X-Team-Id', 'not-a-team'],
    ],
  );

/** Headers no careful client sends: repeated, oversize, with bad bytes, or the Host left out. */
const oddHeaders = fc.constantFrom<[string, string][]>(
  [],
  [],
  [['X-Dup', 'a']],
  [['Accept', 'text/html']],
  [['Accept', 'text/html,application/xhtml+xml']],
  [['Idempotency-Key', 'k'.repeat(300)]],
  [['Idempotency-Key', '\u00ff\u00fe']],
  [['X-Big', 'h'.repeat(20_000)]],
  [['X-Payment-Method', 'gems']],
  [['X-MPP-Network', 'base-mainnet']],
  [['Authorization', 'Payment %%%']],
  [['Expect', '100-continue']],
  [['Origin', 'https://evil.example']],
  [['Accept-Encoding', 'gzip, br']],
  [['X-Forwarded-For', '::ffff:not-an-ip']],
);

/** The request, assembled as bytes; `Host` is left out now and then. */
function assemble(c: Omit<ByteCase, 'bytes'>, withHost: boolean): Buffer {
  const head: string[] = [`${c.method} ${c.path} HTTP/1.1`];
  if (withHost) head.push(`Host: 127.0.0.1:${c.route.port}`);
  head.push('Connection: close');
  for (const [k, v] of c.headers) head.push(`${k}: ${v}`);
  const frame = c.frame;
  let payload = c.body;
  const len = payload.length;
  if (frame === 'true') head.push(`Content-Length: ${len}`);
  if (frame === 'short') head.push(`Content-Length: ${Math.max(0, len - 1 - (len >> 2))}`);
  if (frame === 'long') head.push(`Content-Length: ${len + 7}`);
  if (frame === 'twice') head.push(`Content-Length: ${len}`, `Content-Length: ${len + 1}`);
  if (frame === 'both') head.push(`Content-Length: ${len}`, 'Transfer-Encoding: chunked');
  if (frame === 'chunked' || frame === 'chunked-bad') head.push('Transfer-Encoding: chunked');
  if (frame === 'chunked') payload = len ? b(`${len.toString(16)}\r\n`, payload, '\r\n0\r\n\r\n') : b('0\r\n\r\n');
  if (frame === 'chunked-bad') payload = b('zz\r\n', payload);
  if (frame === 'both') payload = b(`${len.toString(16)}\r\n`, payload, '\r\n0\r\n\r\n');
  return b(head.join('\r\n'), '\r\n\r\n', payload);
}

/** Requests to `routes`: every part drawn by fast-check, so a seed replays the same bytes. */
export function byteCase(routes: readonly FuzzRoute[], creds: FuzzCredentials): fc.Arbitrary<ByteCase> {
  return fc.constantFrom(...routes).chain((route) =>
    fc
      .record({
        method: method(route),
        segments: fc.array(segment(creds), { minLength: 4, maxLength: 4 }),
        query,
        type: contentType,
        body,
        encoding,
        frame: framing,
        credential: credential(creds),
        odd: oddHeaders,
        withHost: fc.oneof({ weight: 15, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      })
      .map(({ method, segments, query, type, body, encoding: [coding, encode], frame, credential, odd, withHost }) => {
        let i = 0;
        const path = route.url.replace(/:\w+|\*/g, () => segments[i++ % segments.length] ?? 'x') + query;
        const headers: [string, string][] = [...credential, ...odd];
        if (type !== null) headers.push(['Content-Type', type]);
        if (coding) headers.push(['Content-Encoding', coding]);
        const sent = encode(body);
        const c = {
          route,
          method,
          path,
          headers,
          body: sent,
          wantsPage: odd.some(([k, v]) => k === 'Accept' && v.includes('text/html')),
          frame,
        };
        return { ...c, bytes: assemble(c, withHost) };
      }),
  );
}

/** A case as a line a person can read (the body cut to its first bytes, in hex past ASCII). */
export function describeCase(c: ByteCase): string {
  const shown = c.body
    .subarray(0, 80)
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
  const headers = c.headers.map(([k, v]) => `${k}: ${v.slice(0, 40)}`).join('; ');
  return `${c.method} ${c.path.slice(0, 120)} [${headers}] framing ${c.frame}, body(${c.body.length}) ${shown}`;
}
