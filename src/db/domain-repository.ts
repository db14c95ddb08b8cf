import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from './entities/index.ts';
import type { NameState } from '../domain/availability.ts';
import type { PublicDomainDocument, PublicDomainRow } from '../domain/public-domain.ts';
import { EXPIRED } from '../domain/expiry.ts';

// Domain reads used by the public discovery routes. Every query goes through the unique "name" index or
// the primary key; nothing here scans. A read by name sees only the record that holds the name: an
// expired record is history (its name is back in the pool), and the partial unique index covers exactly
// the others.
export function domainRepository(em: EntityManager) {
  const publicRow = (name: string, extra: readonly 'd.skillMd'[]) =>
    em
      .createQueryBuilder(Domain, 'd')
      .join('d.owner', 'o')
      .select([
        'd.name',
        'd.namespace',
        'd.status',
        'd.registrationDate',
        'd.expiryDate',
        'd.squadId',
        'd.capabilities',
        'd.profile',
        'd.storefrontId',
        'o.operatorAccount as operatorAccountId',
        ...extra,
      ])
      .where({ name, status: { $ne: EXPIRED } })
      .execute('get');
  return {
    /**
     * Lookup reads one joined row without hydrating entities: building the aliased column list of a
     * populated relation costs MikroORM more CPU than the query itself (see bench/README.md).
     */
    findPublicByName(name: string): Promise<PublicDomainRow | null> {
      return publicRow(name, []) as Promise<PublicDomainRow | null>;
    },
    /** The same row with the owner's skill text, which only the skill file needs (so lookup never reads it). */
    findPublicWithSkillByName(name: string): Promise<PublicDomainDocument | null> {
      return publicRow(name, ['d.skillMd']) as Promise<PublicDomainDocument | null>;
    },
    findById(id: number) {
      return em.findOne(Domain, { id });
    },
    /**
     * The state of each name, in one round trip: registered (any status but expired holds the name),
     * held by an open checkout (README "Unpaid checkouts"), else free.
     */
    async statesOf(names: string[]): Promise<Map<string, NameState>> {
      const states = new Map<string, NameState>(names.map((n) => [n, 'free']));
      if (names.length === 0) return states;
      const list = names.map(() => '?').join(', ');
      const rows = await em.execute<{ name: string; state: 'registered' | 'held' }[]>(
        `select name, 'registered' as state from domain where name in (${list}) and status <> '${EXPIRED}'
         union all select name, 'held' as state from checkout_session where name in (${list}) and outcome is null and expires_at > now()`,
        [...names, ...names],
      );
      // A registered name stays registered even if a stale hold row still names it.
      for (const r of rows) if (states.get(r.name) !== 'registered') states.set(r.name, r.state);
      return states;
    },
  };
}
