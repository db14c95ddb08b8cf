import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * CONNECT asks a server to become a tunnel. Node hands it to a `'connect'` listener instead of the
 * request handler and, when there is none, closes the connection unanswered; the registry and the relay
 * listen with this one: 405 in the `{ status, code, message }` envelope (no route takes CONNECT), then close.
 */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  const payload = JSON.stringify({
    status: 'error',
    code: 'method_not_allowed',
    message: 'CONNECT is not allowed: this server is no proxy.',
  });
  socket.on('error', () => undefined); // a client gone before the answer: there is no one to tell
  // Node no longer tracks a socket handed to this listener, so one left open (a client that never closes its
  // side) kept a stopping server from exiting (the byte-level fuzzer, docs/reliability.md). What the client
  // still sends is read and dropped, so its close arrives; one that never closes is cut after a while.
  const gone = setTimeout(() => socket.destroy(), 5_000);
  gone.unref();
  socket.once('close', () => clearTimeout(gone));
  socket.resume();
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
  );
}
