import type { EntityManager } from '@mikro-orm/postgresql';
import { canActOnDomain, manageableOwnerIds } from '../auth/domain-access.ts';
import type { AccountPrincipal } from '../auth/principal.ts';
import { managedDomainRepository } from '../db/managed-domain-repository.ts';
import { AppError, domainNotFound } from '../domain/errors.ts';
import { daysUntilExpiry, expiryHorizon } from '../domain/expiring.ts';
import type { ManagedDomain } from '../domain/managed-domain.ts';
import type { NamespaceDirectory } from '../domain/namespace-directory.ts';
import { quoteRenewal, type RenewalQuote, type RenewalSettings } from '../domain/renewal.ts';

// The command endpoint's dry runs (spec 4.8): each reads what it needs and writes nothing, so a dry run
// can be repeated freely. Only account principals get here (the route takes session and bearer only).

export interface ExpiringDomains {
  withinDays: number;
  /** The caller and the agents it claimed: whose domains were searched. */
  managedUserIds: string[];
  domains: (ManagedDomain & { daysUntilExpiry: number })[];
}

/** The domains the caller may manage that expire within `withinDays` of `now`, soonest first. */
export async function showExpiringDomains(
  em: EntityManager,
  principal: AccountPrincipal,
  withinDays: number,
  now: Date,
): Promise<ExpiringDomains> {
  const claimed = (await manageableOwnerIds(em, principal)).filter((id) => id !== principal.accountId);
  const managedUserIds = [principal.accountId, ...claimed.sort()];
  const rows = await managedDomainRepository(em).expiringOf(managedUserIds, expiryHorizon(now, withinDays));
  return {
    withinDays,
    managedUserIds,
    domains: rows.map((d) => ({ ...d, daysUntilExpiry: daysUntilExpiry(d.expiryDate, now) })),
  };
}

export interface RenewalRequest {
  name: string;
  years: number;
  paymentPreference: string;
}

export interface RenewalDryRun {
  domain: ManagedDomain;
  years: number;
  plan: RenewalQuote;
}

/**
 * What renewing a domain would cost and change, refused exactly as the renewal would be: an unknown
 * name (404), one the caller neither owns nor manages (403, the management routes' rule), an expired
 * domain or a term past ten years ahead. Nothing is charged, renewed or written.
 */
export async function planDomainRenewal(
  em: EntityManager,
  principal: AccountPrincipal,
  namespaces: NamespaceDirectory,
  req: RenewalRequest,
  settings: RenewalSettings & { now: Date },
): Promise<RenewalDryRun> {
  const domain = await managedDomainRepository(em).findByName(req.name);
  if (!domain) throw domainNotFound(req.name);
  if (!(await canActOnDomain(em, principal, domain, 'renew')))
    throw new AppError('forbidden', `You do not own or manage ${domain.name}.`);
  const ns = namespaces.get(domain.namespace);
  if (!ns) throw new Error(`namespace ${domain.namespace} of ${domain.name} is not in the catalog`);
  const plan = quoteRenewal(
    {
      domain,
      ns,
      years: req.years,
      paymentPreference: req.paymentPreference,
      now: settings.now,
    },
    settings,
  );
  return { domain, years: req.years, plan };
}
