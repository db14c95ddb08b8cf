import { forSaleBlocks } from './listing.ts';
import type { PublicDomainRow } from './public-domain.ts';
import { identityLinks, manifestUrls } from './manifests.ts';

// The two documents the lookup's `manifests` links point at, built from the public record only: what the
// lookup already shows, arranged for other agents. Profile fields are the owner's own words; nothing
// here verifies them, and both documents say so.

const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null;

/** Profile fields an agent manifest conventionally carries, when the owner set them with usable types. */
function profileFields(profile: Record<string, unknown>) {
  const endpoints = profile.endpoints;
  return {
    display_name: text(profile.display_name, 200),
    description: text(profile.description, 4000),
    endpoints: endpoints !== null && typeof endpoints === 'object' ? endpoints : null,
  };
}

export function buildAgentManifest(d: PublicDomainRow, baseUrl: string) {
  const fields = profileFields(d.profile);
  return {
    schema_version: '1.0' as const,
    name: d.name,
    namespace: d.namespace,
    status: d.status,
    registration_date: d.registrationDate.toISOString(),
    expiry_date: d.expiryDate.toISOString(),
    ...fields,
    identity: {
      operator_linked: d.operatorAccountId != null,
      squad_id: d.squadId,
      capabilities: d.capabilities,
    },
    profile: d.profile,
    ...forSaleBlocks(d.status, d.listing),
    links: {
      lookup: `${baseUrl}/api/v1/lookup/${encodeURIComponent(d.name)}`,
      ...manifestUrls(baseUrl, d.name),
      ...identityLinks(baseUrl, d),
    },
    notice: 'Profile fields are published by the domain owner and are not verified by the registry.',
  };
}

export type AgentManifest = ReturnType<typeof buildAgentManifest>;

// Owner text goes into the markdown as one line (no headings or fences of its own) or as a quote block,
// so it cannot pass itself off as a section written by the registry: every line of a quote starts with
// "> ", and a heading or an unclosed fence inside it ends with the quote. Indentation is kept, so the
// owner's own markdown (lists, code) still reads as written.
const CONTROLS = /[\u0000-\u001f\u007f]+/g;
const oneLine = (s: string) => s.replace(CONTROLS, ' ').trim();
const quoted = (s: string) => s.split(/\r?\n/).map((l) => `> ${l.replace(CONTROLS, ' ')}`.trimEnd());

/** The domain's skill file; `ownerSkill` is the owner's own text (PUT …/skill.md), quoted in its section. */
export function renderAgentSkillMd(m: AgentManifest, ownerSkill: string | null = null): string {
  const lines = [
    `# ${m.name}${m.display_name ? ` — ${oneLine(m.display_name)}` : ''}`,
    '',
    `Agent identity registered at this registry in the \`.${m.namespace}\` namespace.`,
    '',
    '## Registration',
    '',
    `- Status: \`${m.status}\``,
    `- Registered: ${m.registration_date}`,
    `- Expires: ${m.expiry_date}`,
    `- Operator linked: ${m.identity.operator_linked ? 'yes (a signed-in operator claimed this agent; not a legal-identity check)' : 'no'}`,
    `- Squad: ${m.identity.squad_id ? `\`${oneLine(m.identity.squad_id)}\`` : 'none'}`,
    '',
    '## Capabilities',
    '',
    ...(m.identity.capabilities.length
      ? m.identity.capabilities.map((c) => `- \`${oneLine(c)}\``)
      : ['None published.']),
  ];
  if (m.description)
    lines.push('', '## Description (published by the owner, unverified)', '', ...quoted(m.description));
  if (m.endpoints)
    lines.push(
      '',
      '## Endpoints (published by the owner, unverified)',
      '',
      '```json',
      JSON.stringify(m.endpoints, null, 2).replaceAll('```', '`\u200b``'),
      '```',
    );
  if (ownerSkill?.trim())
    lines.push('', '## Skill (published by the owner, unverified)', '', ...quoted(ownerSkill.trimEnd()));
  lines.push(
    '',
    '## Machine-readable',
    '',
    `- Lookup: ${m.links.lookup}`,
    `- Agent manifest: ${m.links.agent_json}`,
    ...(m.links.agent_card ? [`- A2A Agent Card (signed): ${m.links.agent_card}`] : []),
    `- DID document (${m.links.did}): ${m.links.did_document}`,
    `- ERC-8004 registration file: ${m.links.registration_file}`,
    '',
    m.notice,
    '',
  );
  return lines.join('\n');
}
