import type { NamespaceInfo } from './namespace-directory.ts';

export type AvailabilityReason =
  'available' | 'registered' | 'being_registered' | 'reserved' | 'namespace_coming_soon' | 'sunrise_whitelist_only';

export interface Availability {
  available: boolean;
  reason: AvailabilityReason;
}

/** What the database knows of a name: registered, under an open checkout, or neither. */
export type NameState = 'registered' | 'held' | 'free';

/**
 * Whether a syntactically valid label can be registered in a namespace. Order matters: a registered
 * name is reported as registered even in a closed namespace, and reserved names are never available.
 * A name under someone's open checkout is not available until that checkout ends.
 * In a sunrise namespace a free name is available, but only to whitelisted accounts; the reason says so.
 */
export function availability(ns: NamespaceInfo, label: string, state: NameState): Availability {
  if (state === 'registered') return { available: false, reason: 'registered' };
  if (ns.reserved_names.includes(label)) return { available: false, reason: 'reserved' };
  if (ns.launch_phase === 'coming_soon') return { available: false, reason: 'namespace_coming_soon' };
  if (state === 'held') return { available: false, reason: 'being_registered' };
  if (ns.launch_phase === 'sunrise') return { available: true, reason: 'sunrise_whitelist_only' };
  return { available: true, reason: 'available' };
}
