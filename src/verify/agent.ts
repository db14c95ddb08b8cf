import { verifyAgentCardSignature, type AgentCard } from '@a2a-js/sdk';
import type { JWK } from 'jose';
import { createPublicClient, http, type Address } from 'viem';
import { identityRegistryAbi } from '../identity/erc8004/registry.ts';
import type { TargetPolicy } from '../webhooks/target.ts';
import { absent, fail, pass, summarize, unreachable, type Check } from './check.ts';
import { fetchJson, fetchOutside } from './outbound.ts';
import { parseAgentTexts, parseServiceRecord, readErc7930, txtText, type ServiceRecord } from './records.ts';
import { resolveValidated, type Answer, type ResolverSettings } from './resolver.ts';

// Whether an agent is who its name says, and separately whether it answers (docs/discovery.md "Verify an
// agent"): for any DNS name that publishes DNS-AID records, ours or not. Every fact is read from where its
// publisher puts it (DNS from the trust anchor, the card from the URL DNS names, the entry from the chain),
// never from our own database, so a name of ours passes only if what the world sees holds.

export interface VerifierDeps {
  resolver: ResolverSettings;
  /** The outside-request rules (the webhook delivery's). */
  policy: TargetPolicy;
  /** The chain an ERC-8004 entry can be read on; null: entries are reported unreachable. */
  chain: { chainId: number; rpcUrl: string } | null;
}

export interface VerifyReport {
  name: string;
  verified: boolean;
  reachable: boolean;
  checks: Check[];
  checked_at: string;
}

const REGISTRATION_V1 = 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1';

export async function verifyAgent(name: string, deps: VerifierDeps): Promise<VerifyReport> {
  const [svcb, txt] = await Promise.all([
    resolveValidated(deps.resolver, name, 'SVCB'),
    resolveValidated(deps.resolver, name, 'TXT'),
  ]);
  const checks: Check[] = [dnssecCheck(svcb, txt)];
  const services = svcb.kind === 'records' ? svcb.records.map(parseServiceRecord).filter((r) => r !== null) : [];
  const texts = parseAgentTexts(txt.kind === 'records' ? txt.records.map(txtText) : []);
  const a2aService = services.find((s) => s.alpn.includes('a2a')) ?? null;
  const mcpService = services.find((s) => s.alpn.includes('mcp')) ?? null;

  const card = await readCard(a2aService, deps.policy);
  // What DNS did not answer is not known to be absent.
  const known = (a: Answer, check: Check): Check =>
    a.kind === 'unreachable' ? unreachable(check.id, `DNS gave no answer: ${a.why}`) : check;
  // The outside questions that do not depend on each other are asked at once: a report waits for the
  // slowest host, not for the sum of their timeouts.
  const [cardChecked, entry, a2a, mcp] = await Promise.all([
    cardCheck(card, deps.policy),
    erc8004Check(texts, card, deps),
    a2aEndpointCheck(interfaceUrl(card.card) ?? texts.endpoints.a2a ?? null, deps.policy),
    mcpEndpointCheck(texts.endpoints.mcp ?? serviceUrl(mcpService), deps.policy),
  ]);
  checks.push(
    known(svcb, dnsAidCheck(services, card.card)),
    known(txt, ensipCheck(texts, card.card, services)),
    known(svcb, cardChecked),
    known(txt, entry.check),
    await domainProofCheck(card.card, entry.facts, deps.policy),
    a2a,
    mcp,
  );
  return { name, ...summarize(checks), checks, checked_at: new Date().toISOString() };
}

function dnssecCheck(svcb: Answer, txt: Answer): Check {
  const answers = { svcb, txt };
  const evidence = Object.fromEntries(
    Object.entries(answers).map(([k, a]) => [k, a.kind === 'unreachable' ? 'unreachable' : (a.security ?? 'none')]),
  );
  const cut = [svcb, txt].find((a) => a.kind === 'unreachable');
  if (cut) return unreachable('dnssec', `the validating resolver got no answer: ${cut.why}`, evidence);
  const bogus = [svcb, txt].find((a) => a.kind !== 'unreachable' && a.security === 'bogus');
  if (bogus) return fail('dnssec', `the chain from the trust anchor is broken: ${bogus.why || 'BOGUS'}`, evidence);
  const all = [svcb, txt] as Exclude<Answer, { kind: 'unreachable' }>[];
  if (all.every((a) => a.kind === 'none' && a.security === null))
    return absent('dnssec', all.map((a) => (a as { why: string }).why).join('; '), evidence);
  if (all.some((a) => a.security === 'insecure'))
    return fail('dnssec', 'the answers are not signed from the trust anchor (insecure)', evidence);
  return pass('dnssec', evidence);
}

const serviceUrl = (s: ServiceRecord | null) =>
  s ? `https://${s.target}${s.port && s.port !== 443 ? `:${s.port}` : ''}` : null;

function interfaceUrl(card: AgentCard | null): string | null {
  const first = (card as { supportedInterfaces?: { url?: unknown }[] } | null)?.supportedInterfaces?.[0]?.url;
  return typeof first === 'string' ? first : null;
}

/** host and port of a URL, the port spelled out, to compare with an SVCB record. */
function hostPort(raw: string): { host: string; port: number } | null {
  try {
    const u = new URL(raw);
    return { host: u.hostname.toLowerCase(), port: u.port ? Number(u.port) : u.protocol === 'http:' ? 80 : 443 };
  } catch {
    return null;
  }
}

type CardRead = { url: string | null; card: AgentCard | null; error: string | null; unreachable: boolean };

async function readCard(a2a: ServiceRecord | null, policy: TargetPolicy): Promise<CardRead> {
  const url = a2a?.wellKnown ?? null;
  if (!url) return { url: null, card: null, error: null, unreachable: false };
  const got = await fetchJson(url, policy);
  if (!got.ok) return { url, card: null, error: got.error, unreachable: got.status === undefined };
  if (typeof got.value !== 'object' || got.value === null)
    return { url, card: null, error: 'not a JSON object', unreachable: false };
  return { url, card: got.value as AgentCard, error: null, unreachable: false };
}

function dnsAidCheck(services: ServiceRecord[], card: AgentCard | null): Check {
  const evidence = { services };
  const agentServices = services.filter((s) => s.alpn.some((p) => p === 'a2a' || p === 'mcp'));
  if (agentServices.length === 0)
    return absent('dns_aid', 'no DNS-AID SVCB record for a2a or mcp at the name', evidence);
  const a2a = agentServices.find((s) => s.alpn.includes('a2a'));
  const endpoint = interfaceUrl(card);
  if (a2a && endpoint) {
    const at = hostPort(endpoint);
    if (!at || at.host !== a2a.target.toLowerCase() || (a2a.port !== null && a2a.port !== at.port))
      return fail(
        'dns_aid',
        `the a2a SVCB record targets ${a2a.target}:${a2a.port ?? 443}, the card's endpoint is ${endpoint}`,
        evidence,
      );
  }
  return pass('dns_aid', evidence);
}

function ensipCheck(
  texts: ReturnType<typeof parseAgentTexts>,
  card: AgentCard | null,
  services: ServiceRecord[],
): Check {
  const evidence = { endpoints: texts.endpoints, registrations: texts.registrations };
  if (Object.keys(texts.endpoints).length === 0 && texts.registrations.length === 0)
    return absent('ensip_txt', 'no ENSIP-25 or ENSIP-26 TXT record at the name', evidence);
  const endpoint = interfaceUrl(card);
  const a2a = texts.endpoints.a2a;
  if (a2a && endpoint && a2a !== endpoint)
    return fail('ensip_txt', `agent-endpoint[a2a] is ${a2a}, the card's endpoint is ${endpoint}`, evidence);
  for (const protocol of ['a2a', 'mcp']) {
    const text = texts.endpoints[protocol];
    const service = services.find((s) => s.alpn.includes(protocol));
    const at = text ? hostPort(text) : null;
    if (text && service && at?.host !== service.target.toLowerCase())
      return fail(
        'ensip_txt',
        `agent-endpoint[${protocol}] is ${text}, its SVCB record targets ${service.target}`,
        evidence,
      );
  }
  return pass('ensip_txt', evidence);
}

async function cardCheck(read: CardRead, policy: TargetPolicy): Promise<Check> {
  if (!read.url)
    return absent('card_signature', 'no A2A card: the name publishes no a2a SVCB record with its document');
  const evidence: Record<string, unknown> = { card_url: read.url };
  if (!read.card)
    return read.unreachable
      ? unreachable('card_signature', `the card could not be fetched: ${read.error}`, evidence)
      : fail('card_signature', `the card could not be read: ${read.error}`, evidence);
  const signatures = (read.card as { signatures?: { protected?: string }[] }).signatures ?? [];
  if (signatures.length === 0) return fail('card_signature', 'the card carries no signature', evidence);
  const headers = signatures.map((s) => {
    try {
      return JSON.parse(Buffer.from(s.protected ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  });
  evidence.signers = headers.map((h) => ({ alg: h.alg ?? null, kid: h.kid ?? null, jku: h.jku ?? null }));
  let keysUnreachable: string | null = null;
  try {
    await verifyAgentCardSignature(async (kid, jku) => {
      if (!jku) throw new Error(`signature ${kid} names no jku: no key to check it against`);
      const jwks = await fetchJson(jku, policy);
      if (!jwks.ok) {
        keysUnreachable = `the key set at ${jku}: ${jwks.error}`;
        throw new Error(keysUnreachable);
      }
      const key = ((jwks.value as { keys?: (JWK & { kid?: string })[] }).keys ?? []).find((k) => k.kid === kid);
      if (!key) throw new Error(`the key set at ${jku} has no key ${kid}`);
      return key;
    })(read.card);
  } catch (err) {
    if (keysUnreachable) return unreachable('card_signature', keysUnreachable, evidence);
    return fail('card_signature', `no signature verifies: ${(err as Error).message}`, evidence);
  }
  return pass('card_signature', evidence);
}

interface EntryFacts {
  registry: string;
  agentId: string;
  chainId: number;
}

async function erc8004Check(
  texts: ReturnType<typeof parseAgentTexts>,
  card: CardRead,
  deps: VerifierDeps,
): Promise<{ check: Check; facts: EntryFacts | null }> {
  const claimed = texts.registrations[0];
  if (!claimed)
    return { check: absent('erc8004', 'no ENSIP-25 agent-registration TXT record at the name'), facts: null };
  const where = readErc7930(claimed.registry);
  const evidence: Record<string, unknown> = { ensip25_registry: claimed.registry, agent_id: claimed.agentId };
  if (!where)
    return { check: fail('erc8004', `${claimed.registry} is not an ERC-7930 EVM address`, evidence), facts: null };
  const facts = { registry: where.address, agentId: claimed.agentId, chainId: where.chainId };
  Object.assign(evidence, { chain_id: where.chainId, registry: where.address });
  if (!deps.chain || deps.chain.chainId !== where.chainId)
    return { check: unreachable('erc8004', `no RPC configured for chain ${where.chainId}`, evidence), facts };
  const client = createPublicClient({ transport: http(deps.chain.rpcUrl, { timeout: 5_000, retryCount: 0 }) });
  const read = <F extends 'tokenURI' | 'ownerOf' | 'getAgentWallet'>(functionName: F) =>
    client.readContract({
      address: where.address as Address,
      abi: identityRegistryAbi,
      functionName,
      args: [BigInt(claimed.agentId)],
    } as never) as Promise<string>;
  let tokenUri: string;
  try {
    const [uri, owner, wallet] = await Promise.all([
      read('tokenURI'),
      read('ownerOf'),
      read('getAgentWallet').catch(() => null),
    ]);
    tokenUri = uri;
    Object.assign(evidence, { token_uri: uri, owner, agent_wallet: wallet });
  } catch (err) {
    const text = (err as Error).message;
    if (/HTTP request failed|fetch failed|ECONNREFUSED|timed? ?out/i.test(text))
      return { check: unreachable('erc8004', `the chain did not answer: ${text.split('\n')[0]}`, evidence), facts };
    return {
      check: fail('erc8004', `the registry has no entry ${claimed.agentId}: ${text.split('\n')[0]}`, evidence),
      facts,
    };
  }
  const file = await fetchJson(tokenUri, deps.policy);
  if (!file.ok)
    return {
      check:
        file.status === undefined
          ? unreachable('erc8004', `the registration file at tokenURI could not be fetched: ${file.error}`, evidence)
          : fail('erc8004', `the registration file at tokenURI ${file.error}`, evidence),
      facts,
    };
  const doc = file.value as {
    type?: unknown;
    registrations?: { agentId?: unknown; agentRegistry?: unknown }[];
    services?: { name?: unknown; endpoint?: unknown }[];
  };
  if (doc.type !== REGISTRATION_V1)
    return { check: fail('erc8004', 'the file at tokenURI is not an ERC-8004 registration file', evidence), facts };
  const registry = `eip155:${where.chainId}:${where.address}`;
  const listed = (doc.registrations ?? []).some(
    (r) => String(r.agentId) === claimed.agentId && String(r.agentRegistry).toLowerCase() === registry,
  );
  if (!listed)
    return {
      check: fail(
        'erc8004',
        `the registration file does not list ${registry} agent ${claimed.agentId} in registrations[]`,
        evidence,
      ),
      facts,
    };
  const a2a = (doc.services ?? []).find((s) => String(s.name).toUpperCase() === 'A2A');
  if (card.url && a2a && a2a.endpoint !== card.url)
    return {
      check: fail(
        'erc8004',
        `the registration file's A2A service is ${String(a2a.endpoint)}, the name's card is ${card.url}`,
        evidence,
      ),
      facts,
    };
  return { check: pass('erc8004', evidence), facts };
}

/** ERC-8004's endpoint-domain proof: the endpoint's host lists the same entry at /.well-known/agent-registration.json. */
async function domainProofCheck(
  card: AgentCard | null,
  entry: EntryFacts | null,
  policy: TargetPolicy,
): Promise<Check> {
  const endpoint = interfaceUrl(card);
  if (!entry || !endpoint)
    return absent('domain_proof', 'applies to a name with an on-chain entry and an A2A endpoint');
  const url = new URL('/.well-known/agent-registration.json', endpoint).href;
  const got = await fetchJson(url, policy);
  if (!got.ok)
    return got.status === 404
      ? absent('domain_proof', `the endpoint's host publishes no ${url}`, { url })
      : got.status === undefined
        ? unreachable('domain_proof', got.error, { url })
        : fail('domain_proof', `${url} ${got.error}`, { url });
  const registry = `eip155:${entry.chainId}:${entry.registry}`;
  const listed = (
    (got.value as { registrations?: { agentId?: unknown; agentRegistry?: unknown }[] }).registrations ?? []
  ).some((r) => String(r.agentId) === entry.agentId && String(r.agentRegistry).toLowerCase() === registry);
  return listed
    ? pass('domain_proof', { url })
    : fail('domain_proof', `${url} does not list ${registry} agent ${entry.agentId}`, { url });
}

/** The A2A endpoint answers a JSON-RPC call (GetExtendedAgentCard): any JSON-RPC answer, result or error, is an answer. */
async function a2aEndpointCheck(endpoint: string | null, policy: TargetPolicy): Promise<Check> {
  if (!endpoint) return absent('a2a_endpoint', 'the name publishes no A2A endpoint');
  const got = await fetchOutside(endpoint, policy, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'A2A-Version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard', params: {} }),
  });
  return rpcAnswered('a2a_endpoint', endpoint, got);
}

/** The MCP endpoint answers `initialize`. */
async function mcpEndpointCheck(endpoint: string | null, policy: TargetPolicy): Promise<Check> {
  if (!endpoint) return absent('mcp_endpoint', 'the name publishes no MCP endpoint');
  const got = await fetchOutside(endpoint, policy, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'agent-registry-verifier', version: '1' },
      },
    }),
  });
  return rpcAnswered(
    'mcp_endpoint',
    endpoint,
    got,
    (m) => typeof (m.result as { protocolVersion?: unknown } | undefined)?.protocolVersion === 'string',
  );
}

/** A JSON-RPC answer, result or error. */
const anyAnswer = (m: Record<string, unknown>) => m.result !== undefined || m.error !== undefined;

function rpcAnswered(
  id: 'a2a_endpoint' | 'mcp_endpoint',
  endpoint: string,
  got: Awaited<ReturnType<typeof fetchOutside>>,
  good: (m: Record<string, unknown>) => boolean = anyAnswer,
): Check {
  const evidence = { endpoint };
  if (!got.ok) return unreachable(id, got.error, evidence);
  // A streamable HTTP server may answer as an event stream: its first `data:` line is the message.
  const text = got.contentType?.includes('text/event-stream')
    ? (/^data:\s*(.*)$/m.exec(got.body)?.[1] ?? '')
    : got.body;
  let message: Record<string, unknown> | null = null;
  try {
    message = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* judged below */
  }
  if (message?.jsonrpc === '2.0' && good(message)) return pass(id, { ...evidence, status: got.status });
  return fail(id, `answered ${got.status} without a JSON-RPC answer`, { ...evidence, status: got.status });
}
