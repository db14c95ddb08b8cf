import type { EntityManager } from '@mikro-orm/postgresql';
import { auditContext } from '../db/audit-context.ts';
import { canActOnDomain } from '../auth/domain-access.ts';
import type { Principal } from '../auth/principal.ts';
import { autoRenewRepository } from '../db/auto-renew-repository.ts';
import { managedDomainRepository } from '../db/managed-domain-repository.ts';
import { AppError, domainNotFound } from '../domain/errors.ts';

export interface AutoRenewSetting {
  enabled: boolean;
  /** The most a one-year renewal may cost in gems (required when enabled). */
  maxGems: number | null;
}

/** A domain's auto-renew setting, for whoever may read its management view (owner, operator, organization). */
export async function readAutoRenew(
  em: EntityManager,
  principal: Principal,
  name: string,
): Promise<{ name: string } & AutoRenewSetting> {
  const domain = await managedDomainRepository(em).findByName(name);
  if (!domain) throw domainNotFound(name);
  if (!(await canActOnDomain(em, principal, domain, 'read')))
    throw new AppError('forbidden', `You do not own or manage ${domain.name}.`);
  const maxGems = await autoRenewRepository(em).get(domain.id);
  return { name: domain.name, enabled: maxGems !== null, maxGems };
}

/** Turns a domain's auto-renew on (with its price cap) or off; its owner or the owner's operator only. */
export async function setAutoRenew(
  em: EntityManager,
  principal: Principal,
  name: string,
  setting: AutoRenewSetting,
): Promise<{ name: string } & AutoRenewSetting> {
  const domain = await managedDomainRepository(em).findByName(name);
  if (!domain) throw domainNotFound(name);
  if (!(await canActOnDomain(em, principal, domain, 'renew')))
    throw new AppError('forbidden', `You do not own or manage ${domain.name}.`);
  if (setting.enabled && setting.maxGems === null)
    throw new AppError(
      'validation_failed',
      'Give max_gems, the most a one-year renewal may cost, to turn auto-renew on.',
      {
        issues: [{ location: 'body', path: 'max_gems', message: 'required when enabled' }],
      },
    );
  const maxGems = setting.enabled ? setting.maxGems : null;
  // In a transaction, so the change carries its audit event (docs/teams.md "Audit trail").
  await em.transactional(async (tx) => {
    const before = await autoRenewRepository(tx).get(domain.id);
    await autoRenewRepository(tx).set(domain.id, maxGems);
    auditContext.change({ max_gems: before }, { max_gems: maxGems });
  });
  return { name: domain.name, enabled: maxGems !== null, maxGems };
}
