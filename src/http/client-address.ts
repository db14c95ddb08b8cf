import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The client's address as Fastify gives it (`request.ip`) under TRUST_PROXY, for code that meets the raw
 * request before Fastify does (plugins/fast-read.ts): the socket's peer, or with proxies trusted the
 * nearest address in X-Forwarded-For that is not a trusted proxy. TRUST_PROXY is read as app.ts gives it
 * to Fastify: unset or `false` (none), `true` (every hop), or a comma-separated list of addresses/CIDRs.
 */
export function clientAddress(trustProxy: string | undefined): (req: IncomingMessage) => string | undefined {
  if (trustProxy === undefined || trustProxy === 'false') return (req) => req.socket.remoteAddress;
  const trusted =
    trustProxy === 'true' ? () => true : proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (req) => {
    const addrs = proxyAddr.all(req, trusted);
    return addrs[addrs.length - 1];
  };
}
