// Reading the discovery records a name publishes, as unbound-host prints them: DNS-AID SVCB service
// records (draft-mozleywilliams-dnsop-dnsaid-02) and ENSIP-25/26 TXT key=value strings. Pure, no I/O.

export interface ServiceRecord {
  priority: number;
  /** The target host, without its trailing dot. */
  target: string;
  alpn: string[];
  port: number | null;
  /** The DNS-AID `well-known` key (key65409): where the agent's document is. */
  wellKnown: string | null;
}

/** Splits presentation format into fields, keeping quoted strings (with `\"` escapes) whole. */
function fields(text: string): string[] {
  const out: string[] = [];
  const re = /([^\s"=]+=)?"((?:[^"\\]|\\.)*)"|\S+/g;
  for (const m of text.matchAll(re))
    out.push(m[2] !== undefined ? `${m[1] ?? ''}${m[2].replace(/\\(.)/g, '$1')}` : m[0]);
  return out;
}

/** One SVCB record's rdata (`1 host. mandatory=alpn,port alpn=a2a,h2 port=443 key65409="https://…"`); null when malformed. */
export function parseServiceRecord(rdata: string): ServiceRecord | null {
  const [priority, target, ...params] = fields(rdata.trim());
  if (!priority || !/^\d+$/.test(priority) || !target) return null;
  const record: ServiceRecord = {
    priority: Number(priority),
    target: target.replace(/\.$/, ''),
    alpn: [],
    port: null,
    wellKnown: null,
  };
  for (const param of params) {
    const eq = param.indexOf('=');
    const key = eq < 0 ? param : param.slice(0, eq);
    const value = eq < 0 ? '' : param.slice(eq + 1);
    if (key === 'alpn') record.alpn = value.split(',').filter(Boolean);
    else if (key === 'port' && /^\d+$/.test(value)) record.port = Number(value);
    else if (key === 'key65409' || key === 'well-known') record.wellKnown = value;
  }
  return record;
}

/** A TXT record's text: its quoted strings joined, as one string (RFC 1035 character-strings). */
export function txtText(rdata: string): string {
  const strings = [...rdata.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
  return strings.length ? strings.join('') : rdata;
}

export interface AgentTexts {
  /** `agent-endpoint[<protocol>]` values (ENSIP-26). */
  endpoints: Record<string, string>;
  /** ENSIP-25 `agent-registration[<ERC-7930 registry>][<agent id>]` keys whose value is non-empty. */
  registrations: { registry: string; agentId: string }[];
}

export function parseAgentTexts(texts: string[]): AgentTexts {
  const out: AgentTexts = { endpoints: {}, registrations: [] };
  for (const text of texts) {
    const eq = text.indexOf('=');
    if (eq < 0) continue;
    const key = text.slice(0, eq);
    const value = text.slice(eq + 1);
    const endpoint = /^agent-endpoint\[([a-z0-9-]+)\]$/.exec(key);
    if (endpoint?.[1]) out.endpoints[endpoint[1]] = value;
    const registration = /^agent-registration\[(0x[0-9a-fA-F]+)\]\[(\d+)\]$/.exec(key);
    if (registration?.[1] && registration[2] && value !== '')
      out.registrations.push({ registry: registration[1].toLowerCase(), agentId: registration[2] });
  }
  return out;
}

/** An ERC-7930 v1 interoperable address on an eip155 chain: its chain id and address; null when it is not one. */
export function readErc7930(hex: string): { chainId: number; address: string } | null {
  const m = /^0x0001([0-9a-f]{4})([0-9a-f]{2})/i.exec(hex);
  if (!m?.[1] || !m[2] || m[1] !== '0000') return null;
  const refLength = parseInt(m[2], 16) * 2;
  const rest = hex.slice(m[0].length);
  const reference = rest.slice(0, refLength);
  const addrLength = parseInt(rest.slice(refLength, refLength + 2), 16);
  const address = rest.slice(refLength + 2);
  if (!reference || addrLength !== 20 || address.length !== 40) return null;
  const chainId = parseInt(reference, 16);
  return Number.isSafeInteger(chainId) && chainId > 0 ? { chainId, address: `0x${address.toLowerCase()}` } : null;
}
