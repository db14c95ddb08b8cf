import type { CatalogEntry, LaunchPhase } from './catalog.ts';

export interface NamespaceInfo extends CatalogEntry {
  catalog_version: string;
}

/**
 * The namespaces as loaded from the database at start-up. Every request needs them (search checks all
 * of them), and they change only when an operator syncs a new catalog, so they are held in memory.
 */
export class NamespaceDirectory {
  readonly #byName: Map<string, NamespaceInfo>;
  readonly all: readonly NamespaceInfo[];

  constructor(entries: NamespaceInfo[]) {
    this.all = Object.freeze([...entries]);
    this.#byName = new Map(entries.map((e) => [e.namespace, e]));
  }

  get(name: string): NamespaceInfo | undefined {
    return this.#byName.get(name);
  }

  get names(): string[] {
    return this.all.map((n) => n.namespace);
  }
}

export const phaseLabels: Record<LaunchPhase, string> = {
  public: 'Public',
  sunrise: 'Sunrise (whitelist only)',
  coming_soon: 'Coming Soon',
};

export function registrationOpen(phase: LaunchPhase): boolean {
  return phase !== 'coming_soon';
}
