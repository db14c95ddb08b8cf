import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A root server that knows no names: it answers every query REFUSED. The tests' machines reach no public
 * root, where the verifier's resolver (unbound-host) would wait its whole timeout for each name asked; with
 * this root it learns in milliseconds that nothing resolves, as it would from a root that does answer. A test
 * that resolves names (test/e2e/verify.test.ts) gives its own VERIFY_DNS_ROOT.
 */
export async function startRefusingRoot(): Promise<string> {
  const socket = createSocket('udp4');
  socket.on('message', (query, from) => {
    if (query.length < 12) return;
    const answer = Buffer.from(query);
    answer[2] = (answer[2] ?? 0) | 0x80; // QR: a response
    answer[3] = ((answer[3] ?? 0) & 0xf0) | 5; // RCODE 5: REFUSED
    socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  // It lives as long as the run's main process, and never keeps it from ending.
  socket.unref();
  return `127.0.0.1:${(socket.address() as AddressInfo).port}`;
}
