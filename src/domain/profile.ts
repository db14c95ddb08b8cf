import { isDeepStrictEqual } from 'node:util';
import type { CommerceCatalog, DomainProfile } from './public-domain.ts';

// What the owner of a domain (or its manager) may publish about it, and how a change to it is judged:
// field by field, so that the `profile.updated` event names exactly the fields that changed and a request
// that changes nothing writes nothing. The request schemas (src/api/routes/domain/profile.schemas.ts) enforce the limits.

/** Limits of what may be published, in characters (docs/api.md "Profiles"). */
export const PROFILE_LIMITS = {
  displayName: 100,
  description: 4000,
  url: 2048,
  endpoints: 16,
  endpointKey: 32,
  did: 512,
  matrix: 255,
  capabilities: 32,
  capability: 64,
  squadId: 64,
  skillMd: 16_000,
  provider: 64,
  storefrontId: 128,
} as const;

/** The owner-written members of the `profile` document: lookup shows them, agent.json reads the first three. */
export const profileDocumentFields = [
  'display_name',
  'description',
  'endpoints',
  'avatar_url',
  'website',
  'did',
  'matrix',
] as const;
type DocumentField = (typeof profileDocumentFields)[number];

/** Everything an owner can change, as it is stored. */
export interface ProfileState {
  profile: DomainProfile;
  capabilities: string[];
  squadId: string | null;
  skillMd: string | null;
  storefrontId: string | null;
}

/**
 * A requested change, named as the public views name the fields (the names `updated_fields` reports):
 * each key present replaces its field; null removes it.
 */
export type ProfileChange = Partial<Record<DocumentField, unknown>> & {
  capabilities_preview?: string[];
  squad_id?: string | null;
  skill_md?: string | null;
  commerce_catalog?: CommerceCatalog | null;
};
export type ProfileField = keyof ProfileChange;

/** The catalog entry of a newly bound storefront. */
export function boundCatalog(s: Omit<CommerceCatalog, 'status'>): CommerceCatalog {
  return { provider: s.provider, storefront_id: s.storefront_id, feed_url: s.feed_url, status: 'active' };
}

/** How one field is read from and written into the state; a field changed when its reading changed. */
interface FieldAccess {
  read(s: ProfileState): unknown;
  write(s: ProfileState, value: unknown): ProfileState;
}

function withMember(profile: DomainProfile, key: string, value: unknown): DomainProfile {
  const rest = Object.fromEntries(Object.entries(profile).filter(([k]) => k !== key)) as DomainProfile;
  return value === null ? rest : { ...rest, [key]: value };
}

const documentField = (key: DocumentField): FieldAccess => ({
  read: (s) => s.profile[key] ?? null,
  write: (s, v) => ({ ...s, profile: withMember(s.profile, key, v) }),
});

const fields: Record<ProfileField, FieldAccess> = {
  ...(Object.fromEntries(profileDocumentFields.map((k) => [k, documentField(k)])) as Record<
    DocumentField,
    FieldAccess
  >),
  capabilities_preview: { read: (s) => s.capabilities, write: (s, v) => ({ ...s, capabilities: v as string[] }) },
  squad_id: { read: (s) => s.squadId, write: (s, v) => ({ ...s, squadId: v as string | null }) },
  skill_md: { read: (s) => s.skillMd, write: (s, v) => ({ ...s, skillMd: v as string | null }) },
  // The binding is held twice and moves as one: the storefront id column, whose unique index keeps a
  // storefront on one domain, and the catalog entry the lookup's profile shows.
  commerce_catalog: {
    read: (s) => [s.profile.commerce_catalog ?? null, s.storefrontId],
    write: (s, v) => ({
      ...s,
      profile: withMember(s.profile, 'commerce_catalog', v),
      storefrontId: (v as CommerceCatalog | null)?.storefront_id ?? null,
    }),
  },
};

/** The state after `change`, and the fields it really changed (sorted; empty when it changes nothing). */
export function applyProfileChange(
  current: ProfileState,
  change: ProfileChange,
): { state: ProfileState; updatedFields: ProfileField[] } {
  let state = current;
  const updatedFields: ProfileField[] = [];
  for (const [name, value] of Object.entries(change) as [ProfileField, unknown][]) {
    if (value === undefined) continue;
    const field = fields[name];
    const next = field.write(state, value);
    if (isDeepStrictEqual(field.read(next), field.read(state))) continue;
    state = next;
    updatedFields.push(name);
  }
  return { state, updatedFields: updatedFields.sort() };
}

/** The values of `names` in a state, as the public views name them: what an audit event's before and after show. */
export function profileValues(s: ProfileState, names: readonly ProfileField[]): Record<string, unknown> {
  return Object.fromEntries(names.map((n) => [n, fields[n].read(s) ?? null]));
}
