import type { PublicDomainRow } from './public-domain.ts';

// An A2A Agent Card (A2A specification v1.0.1, section 8) for a registered name, built from what its owner
// already published: the `a2a` endpoint, the description, the capabilities. Registry facts ride in a
// capability extension (its params are covered by the card's signature; fields outside the v1.0 schema
// would not be). A name without an A2A endpoint has no card. Signed by src/identity/signing-key.ts.

export const A2A_PROTOCOL_VERSION = '1.0';
/** The extension that carries the registry's facts about the name. */
export const REGISTRY_EXTENSION_URI = 'https://agent-registry.dev/a2a/extensions/registered-name/v1';

/** A profile field the owner set as non-empty text, trimmed; else null. */
export const profileText = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The owner's description, else a sentence naming the agent. */
export const descriptionOf = (d: Pick<PublicDomainRow, 'name' | 'profile'>) =>
  profileText(d.profile.description) ?? `The agent registered as ${d.name}.`;

export function endpointOf(d: Pick<PublicDomainRow, 'profile'>, key: string): string | null {
  const endpoints = d.profile.endpoints;
  if (endpoints === null || typeof endpoints !== 'object') return null;
  return profileText((endpoints as Record<string, unknown>)[key]);
}

/** The card's version: the record's last change, so a profile edit is a new version. */
export const cardVersion = (d: Pick<PublicDomainRow, 'updatedAt'>) => String(d.updatedAt.getTime());

/**
 * An A2A v1.0 card as the registry serves it, a name's or its own (registry-card.ts): what the signer
 * signs. Field names are the specification's JSON names; a card claims nothing it leaves out.
 */
export interface AgentCardDocument {
  name: string;
  description: string;
  version: string;
  supportedInterfaces: { url: string; protocolBinding: string; protocolVersion: string }[];
  capabilities: {
    streaming?: boolean;
    pushNotifications?: boolean;
    extensions?: { uri: string; description: string; required: boolean; params?: Record<string, unknown> }[];
  };
  defaultInputModes: string[];
  defaultOutputModes: string[];
  skills: { id: string; name: string; description: string; tags: string[]; examples?: string[] }[];
  iconUrl?: string;
  documentationUrl?: string;
}

export function buildAgentCard(d: PublicDomainRow, baseUrl: string): AgentCardDocument | null {
  const a2a = endpointOf(d, 'a2a');
  if (!a2a || d.status !== 'active') return null;
  const displayName = profileText(d.profile.display_name);
  const description = descriptionOf(d);
  const skills =
    d.capabilities.length > 0
      ? d.capabilities.map((c) => ({
          id: c,
          name: c,
          description: `${c}, as published by the owner of ${d.name}`,
          tags: [c],
        }))
      : [{ id: 'agent', name: displayName ?? d.name, description, tags: [d.namespace] }];
  const icon = profileText(d.profile.avatar_url);
  const docs = profileText(d.profile.website);
  return {
    name: displayName ?? d.name,
    description,
    version: cardVersion(d),
    supportedInterfaces: [{ url: a2a, protocolBinding: 'JSONRPC', protocolVersion: A2A_PROTOCOL_VERSION }],
    capabilities: {
      extensions: [
        {
          uri: REGISTRY_EXTENSION_URI,
          description: 'The registry record this card was built from; the owner published the rest.',
          required: false,
          params: {
            name: d.name,
            registry: baseUrl,
            lookup: `${baseUrl}/api/v1/lookup/${encodeURIComponent(d.name)}`,
            did: didOf(baseUrl, d.name),
            expires: d.expiryDate.toISOString(),
          },
        },
      ],
    },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills,
    ...(icon && { iconUrl: icon }),
    ...(docs && { documentationUrl: docs }),
  };
}

/**
 * did:web of a name (https://w3c-ccg.github.io/did-method-web/): the registry's host (a port as %3A),
 * then `agents` and the name, resolved at `<base>/agents/<name>/did.json`.
 */
export function didOf(baseUrl: string, name: string): string {
  const u = new URL(baseUrl);
  const host = u.port ? `${u.hostname}%3A${u.port}` : u.hostname;
  const path = u.pathname.split('/').filter(Boolean);
  return ['did:web', host, ...path, 'agents', name].join(':');
}

/** Where the per-name documents live. */
export function identityUrls(baseUrl: string, name: string) {
  const base = `${baseUrl}/agents/${encodeURIComponent(name)}`;
  return {
    agent_card: `${base}/agent-card.json`,
    did_document: `${base}/did.json`,
    registration: `${base}/registration.json`,
  };
}
