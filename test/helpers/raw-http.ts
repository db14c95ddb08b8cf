import { connect } from 'node:net';

/** What came back for bytes written on a socket of their own. */
export interface RawAnswer {
  /** The status of the first answer, or null when the server closed without one. */
  status: number | null;
  /** Header names in lower case (the last one of a repeated header). */
  headers: Record<string, string>;
  body: Buffer;
  /** No answer and no close within the time given. */
  hung: boolean;
  /** The server refused the connection (nothing listening). */
  refused: boolean;
  /** The socket's error, if it ended in one (ECONNRESET: the server reset the connection). */
  error?: string;
  /** Bytes after the first answer's end: a second answer on a connection that asked for one. */
  trailing: Buffer;
}

/**
 * Writes `bytes` as they are (a request no client library would send: a lying Content-Length, a missing
 * Host, bytes that are not UTF-8) to host:port and reads until the server closes or the first answer is
 * complete. With `halfClose` it then ends its sending side, as a client that has nothing more to send;
 * Node's HTTP server closes such a connection at once (`httpAllowHalfOpen` is off), answered or not, so
 * only a request that can never complete (a body shorter than its Content-Length) is sent so.
 * Never throws: what happened is in the answer.
 */
export function rawRequest(
  port: number,
  bytes: Buffer,
  timeoutMs: number,
  { halfClose = false, host = '127.0.0.1' } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect({ host, port });
    let whole: Buffer | null = null;
    const finish = (extra: Partial<RawAnswer> = {}) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(linger);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(chunks)), hung: false, refused: false, ...extra });
    };
    const timer = setTimeout(() => finish({ hung: true }), timeoutMs);
    let linger: NodeJS.Timeout | undefined;
    socket.on('connect', () => (halfClose ? socket.end(bytes) : socket.write(bytes)));
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      // Once the first answer is whole, the server (asked `Connection: close`) closes; what it writes before
      // closing is kept, so a second answer on the same connection shows. A server that keeps the
      // connection open is left after a moment.
      if (whole === null && complete(Buffer.concat(chunks))) {
        whole = Buffer.concat(chunks);
        linger = setTimeout(() => finish(), 1_000);
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) =>
      finish(err.code === 'ECONNREFUSED' ? { refused: true, error: err.code } : { error: err.code ?? err.message }),
    );
    socket.on('close', () => finish());
  });
}

function parse(whole: Buffer): Pick<RawAnswer, 'status' | 'headers' | 'body' | 'trailing'> {
  // Interim answers (`100 Continue` to `Expect: 100-continue`) come first; the answer is what follows.
  let raw = whole;
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw.subarray(0, 13).toString('latin1')) && raw.includes('\r\n\r\n'))
    raw = raw.subarray(raw.indexOf('\r\n\r\n') + 4);
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return { status: null, headers: {}, body: Buffer.alloc(0), trailing: Buffer.alloc(0) };
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = raw.subarray(end + 4);
  const length = headers['content-length'] === undefined ? NaN : Number(headers['content-length']);
  const [body, trailing] = headers['transfer-encoding']?.includes('chunked')
    ? dechunk(rest)
    : Number.isNaN(length)
      ? [rest, Buffer.alloc(0)]
      : [rest.subarray(0, length), rest.subarray(length)];
  return { status: Number.isNaN(status) ? null : status, headers, body, trailing };
}

/** A chunked body's data as far as it has arrived, and the bytes after its last chunk. */
function dechunk(raw: Buffer): [Buffer, Buffer] {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    const size = eol < 0 ? NaN : parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (size === 0) return [Buffer.concat(parts), raw.subarray(eol + 4)];
    if (!(size > 0)) return [Buffer.concat(parts), Buffer.alloc(0)];
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Whether the first answer has arrived whole (its Content-Length read, its last chunk, or no body to wait for). */
function complete(raw: Buffer): boolean {
  const { status, headers, body } = parse(raw);
  if (status === null) return false;
  if (headers['content-length'] !== undefined) return body.length >= Number(headers['content-length']);
  if (headers['transfer-encoding']?.includes('chunked')) return raw.includes('\r\n0\r\n\r\n');
  return status === 204 || status === 304;
}
