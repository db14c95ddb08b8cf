import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AppError } from '../domain/errors.ts';

/** Where a delivery may go, and the very address that was checked (connect to it: no rebinding window). */
export interface CheckedTarget {
  url: URL;
  address: string;
}

export interface TargetPolicy {
  /**
   * `http` and loopback allowed: WEBHOOK_ALLOW_INSECURE_LOCAL, on by default in development (a receiver
   * on the developer's machine), off by default in tests, refused in production.
   */
  allowInsecureLocal: boolean;
}

/**
 * Whether a delivery may connect to `address`. Only public unicast: loopback, private (RFC 1918),
 * CGNAT, link-local (169.254.169.254 included), unique-local, unspecified, multicast, broadcast,
 * reserved and every IPv6 form that embeds an IPv4 address (mapped, 6to4, Teredo, NAT64…) are refused,
 * the embedded address judged as itself where IPv6 carries one.
 */
export function addressAllowed(address: string, policy: TargetPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range === 'loopback') return policy.allowInsecureLocal;
  return range === 'unicast';
}

/** The URL of a subscription as we will call it, or why not (400 `invalid_target`). */
export function parseTarget(raw: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('target_url is not an absolute URL.');
  }
  if (url.protocol !== 'https:' && !(policy.allowInsecureLocal && url.protocol === 'http:'))
    throw refuse('target_url must use https.');
  if (url.username || url.password) throw refuse('target_url may not carry credentials.');
  return url;
}

/**
 * Resolves the target's host and checks EVERY address it resolves to (the WHATWG parser has already
 * turned decimal, octal and hex IPv4 spellings into dotted form), at subscribe and again before every
 * delivery. Returns the first address, which the delivery then connects to.
 */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<CheckedTarget> {
  const url = parseTarget(raw, policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw refuse(`target_url's host ${host} does not resolve.`);
    }
  }
  const refused = addresses.find((a) => !addressAllowed(a, policy));
  if (refused !== undefined || addresses.length === 0)
    throw refuse(`target_url resolves to ${refused ?? 'nothing'}, which is not a public address.`);
  return { url, address: addresses[0] as string };
}

function refuse(message: string): AppError {
  return new AppError('invalid_target', message);
}
