import type { EntityManager } from '@mikro-orm/postgresql';
import { canActOnDomain } from '../auth/domain-access.ts';
import type { Principal } from '../auth/principal.ts';
import { dnsRepository, type DnsSubject } from '../db/dns-repository.ts';
import { recordDnsChange } from '../db/outbox.ts';
import { registrarLocks } from '../db/registrar-locks.ts';
import { planRecordChanges, type DnsRecord, type RecordItem } from '../domain/dns-records.ts';
import { AppError, domainNotFound } from '../domain/errors.ts';

// An owner's DNS (docs/dns-and-rdap.md "DNS"): the desired state is written to PostgreSQL with an outbox event in one
// transaction, under the domain row's lock; the worker's dispatcher hands the name to its namespace's
// zone run, whose next pass pushes it to PowerDNS. The caller is answered once the change is stored: PowerDNS
// being down delays the push, never the answer, and never loses the change.

export interface DnsView {
  name: string;
  records: DnsRecord[];
  dnsEnabled: boolean;
  /** PowerDNS holds the latest desired state (`published`) or a push is still on its way (`pending`). */
  sync: 'published' | 'pending';
  /** What the owner published: the registry writes the agent's discovery records from it. */
  profile: DnsSubject['profile'];
  onchain: DnsSubject['onchain'];
}

const viewOf = (d: DnsSubject, records: DnsRecord[]): DnsView => ({
  name: d.name,
  records,
  dnsEnabled: d.dnsEnabled,
  sync: d.dnsPublishedVersion >= d.dnsVersion ? 'published' : 'pending',
  profile: d.profile,
  onchain: d.onchain,
});

/** The domain, if the principal may change its DNS: 404 when no record holds it, 403 for anyone else. */
async function allowed(em: EntityManager, principal: Principal, name: string, domain: DnsSubject | null) {
  if (!domain) throw domainNotFound(name);
  if (!(await canActOnDomain(em, principal, domain, 'dns')))
    throw new AppError('forbidden', `You do not own or manage ${domain.name}.`);
  return domain;
}

const lockOwned = async (tx: EntityManager, principal: Principal, name: string) =>
  allowed(tx, principal, name, await dnsRepository(tx).lock(name));

export async function readRecords(em: EntityManager, principal: Principal, name: string): Promise<DnsView> {
  const repo = dnsRepository(em);
  const domain = await allowed(em, principal, name, await repo.find(name));
  return viewOf(domain, await repo.records(domain.id));
}

/** Applies a PATCH: every item checked, the whole set checked, then stored at once (or nothing is). */
export async function patchRecords(
  em: EntityManager,
  principal: Principal,
  name: string,
  items: RecordItem[],
): Promise<{ details: ReturnType<typeof planRecordChanges>['details']; changed: number; sync: DnsView['sync'] }> {
  return em.transactional(async (tx) => {
    const domain = await lockOwned(tx, principal, name);
    const repo = dnsRepository(tx);
    const plan = planRecordChanges(await repo.records(domain.id), items, domain.name);
    // A lock keeps the name's nameservers: NS changes are refused while it holds, other records are not.
    if (plan.changedRrsets.some((k) => k.endsWith(' NS')))
      await registrarLocks(tx).refuseIfLocked(domain.id, domain.name, 'nameservers');
    if (plan.changedRrsets.length) {
      await repo.replace(domain.id, plan.next);
      recordDnsChange(tx, domain.name);
    }
    const changed = plan.changedRrsets.length;
    return { details: plan.details, changed, sync: changed ? 'pending' : viewOf(domain, []).sync };
  });
}

/** Publishes the name's delegation; a second call finds it published and changes nothing. */
export async function enableDns(
  em: EntityManager,
  principal: Principal,
  name: string,
): Promise<{ name: string; alreadyEnabled: boolean; sync: DnsView['sync'] }> {
  return em.transactional(async (tx) => {
    const domain = await lockOwned(tx, principal, name);
    if (domain.status !== 'active')
      throw new AppError('domain_not_active', `${domain.name} is ${domain.status}: renew it to publish its DNS.`);
    if (domain.dnsEnabled) return { name: domain.name, alreadyEnabled: true, sync: viewOf(domain, []).sync };
    await registrarLocks(tx).refuseIfLocked(domain.id, domain.name, 'delegation');
    await dnsRepository(tx).enable(domain.id);
    recordDnsChange(tx, domain.name);
    return { name: domain.name, alreadyEnabled: false, sync: 'pending' };
  });
}
