import type { EntityManager } from '@mikro-orm/postgresql';
import { accountRepository } from '../db/account-repository.ts';
import { domainRecords } from '../db/domain-records.ts';
import { namespaceExists } from '../db/namespace-loader.ts';
import { organizationRepository } from '../db/organization-repository.ts';
import { generateKey } from '../auth/secrets.ts';
import * as coupons from '../ledger/coupons.ts';
import * as gems from '../ledger/gems.ts';
import type { AccountRecord } from '../domain/account.ts';
import { expiryForStage, graceEndsAt } from '../domain/expiry.ts';

/** Operator actions. Each returns a plain object the CLI prints as JSON; failures throw OpsError. */
export class OpsError extends Error {
  override name = 'OpsError';
}

async function account(em: EntityManager, id: string): Promise<AccountRecord> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new OpsError(`"${id}" is not an account id`);
  const a = await accountRepository(em).find(id);
  if (!a) throw new OpsError(`no account ${id}`);
  return a;
}

async function organization(em: EntityManager, id: string): Promise<{ id: string; name: string }> {
  const o = await organizationRepository(em).find(id);
  if (!o) throw new OpsError(`no organization ${id}`);
  return o;
}

export async function setReseller(em: EntityManager, accountId: string, approved: boolean) {
  const a = await account(em, accountId);
  const set = await accountRepository(em).setRole(a.id, { isReseller: approved });
  return { account_id: a.id, is_reseller: set?.isReseller ?? approved };
}

export async function setOperator(em: EntityManager, accountId: string, operator: boolean) {
  const a = await account(em, accountId);
  const set = await accountRepository(em).setRole(a.id, { isOperator: operator });
  return { account_id: a.id, is_operator: set?.isOperator ?? operator };
}

export async function setWhitelisted(em: EntityManager, namespace: string, accountId: string, listed: boolean) {
  if (!(await namespaceExists(em, namespace))) throw new OpsError(`no namespace ${namespace}`);
  const a = await account(em, accountId);
  await organizationRepository(em).setWhitelisted(namespace, a.id, listed);
  return { namespace, account_id: a.id, whitelisted: listed };
}

export async function createOrganization(em: EntityManager, name: string) {
  const org = await organizationRepository(em).create(name);
  if (!org) throw new OpsError(`organization "${name}" exists`);
  return { organization_id: org.id, name: org.name };
}

export async function setMember(em: EntityManager, orgId: string, accountId: string, active: boolean) {
  const org = await organization(em, orgId);
  const a = await account(em, accountId);
  await organizationRepository(em).setMember(org.id, a.id, active);
  return { organization_id: org.id, account_id: a.id, active };
}

export async function addCustomer(em: EntityManager, orgId: string, accountId: string) {
  const org = await organization(em, orgId);
  const a = await account(em, accountId);
  await organizationRepository(em).addCustomer(org.id, a.id);
  return { organization_id: org.id, customer_account_id: a.id };
}

/** "agent:read+register,zen:read" → { agent: ['read', 'register'], zen: ['read'] } */
export function parseNamespaceOps(spec: string): Record<string, string[]> {
  const ops: Record<string, string[]> = {};
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [ns, list] = part.split(':');
    if (!ns || !list) throw new OpsError(`bad --ns-ops entry "${part}" (want namespace:op+op)`);
    ops[ns] = list.split('+').filter(Boolean);
  }
  return ops;
}

export async function createOrgKey(
  em: EntityManager,
  orgId: string,
  memberId: string,
  policy: {
    routes: string[];
    customers: string[] | null;
    domains: string[] | null;
    namespaceOps: Record<string, string[]>;
  },
) {
  const org = await organization(em, orgId);
  const organizations = organizationRepository(em);
  if (!(await organizations.isActiveMember(org.id, memberId)))
    throw new OpsError(`${memberId} is not an active member of ${org.name}`);
  // Read only here: the route declarations import every route module, which every other command (each a
  // process start) would pay for.
  const { declaredAccessRule } = await import('../server/declared.ts');
  const unknown = policy.routes.filter((r) => {
    const [method = '', url = ''] = r.split(' ');
    return !declaredAccessRule(method, url)?.includes('org_key');
  });
  if (unknown.length) throw new OpsError(`routes not open to organization credentials: ${unknown.join(', ')}`);
  const key = generateKey('org');
  await organizations.issueCredential({
    id: key.id,
    organizationId: org.id,
    memberAccountId: memberId,
    secretHash: key.secretHash,
    allowedRoutes: policy.routes,
    customerIds: policy.customers,
    domainNames: policy.domains,
    namespaceOps: policy.namespaceOps,
  });
  return {
    credential_id: key.id,
    organization_id: org.id,
    api_key: key.plaintext,
    note: 'Shown once. Send it as X-API-Key.',
  };
}

export async function revokeOrgKey(em: EntityManager, credentialId: string) {
  const revoked = await organizationRepository(em).revokeCredential(credentialId);
  return { credential_id: credentialId, revoked: revoked ? 'now' : 'already revoked or unknown' };
}

function positiveInteger(text: string, what: string): number {
  const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= 2_147_483_647)) throw new OpsError(`${what} must be a positive whole number, got "${text}"`);
  return n;
}

/** Each grant gets a fresh reference: running the command twice grants twice, on purpose. */
export async function grantGems(em: EntityManager, accountId: string, amount: string, memo?: string) {
  const a = await account(em, accountId);
  if (memo && memo.length > 255) throw new OpsError('--memo is at most 255 characters');
  const gemsToGrant = positiveInteger(amount, 'amount');
  const reference = `grant:${crypto.randomUUID()}`;
  const r = await gems.grantGems(em, { accountId: a.id, amount: gemsToGrant, reference, memo: memo ?? null });
  return { account_id: a.id, granted: gemsToGrant, reference, transaction_id: r.transactionId, balance: r.balance };
}

export async function gemsBalance(em: EntityManager, accountId: string) {
  const a = await account(em, accountId);
  return { account_id: a.id, balance: await gems.gemsBalance(em, a.id) };
}

export async function createCoupon(
  em: EntityManager,
  code: string,
  opts: { percentOff: string; maxUses: string; namespace?: string | undefined; expires?: string | undefined },
) {
  let expiresAt: Date | null = null;
  if (opts.expires !== undefined) {
    expiresAt = /^\d{4}-\d{2}-\d{2}/.test(opts.expires) ? new Date(opts.expires) : new Date(NaN);
    if (Number.isNaN(expiresAt.getTime()))
      throw new OpsError(`--expires wants an ISO date (2027-01-31 or 2027-01-31T12:00:00Z), got "${opts.expires}"`);
  }
  try {
    const c = await coupons.createCoupon(em, {
      code,
      percentOff: positiveInteger(opts.percentOff, '--percent-off'),
      maxUses: positiveInteger(opts.maxUses, '--max-uses'),
      namespace: opts.namespace ?? null,
      expiresAt,
    });
    return {
      code: c.code,
      percent_off: c.percentOff,
      max_uses: c.maxUses,
      namespace: c.namespace,
      expires_at: c.expiresAt?.toISOString() ?? null,
    };
  } catch (err) {
    if (err instanceof coupons.CouponDefinitionError) throw new OpsError(err.message);
    throw err;
  }
}

/**
 * Moves a domain's expiry date into the past — just past for `grace`, past the grace period for
 * `expired` — and nothing else: the expiry sweep then does, within one interval, exactly what it does
 * on the real date (status change, events, the name back in the pool).
 */
export async function expireDomain(
  em: EntityManager,
  rawName: string,
  stage: string | undefined,
  graceDays: number,
  now = new Date(),
) {
  const to = stage ?? 'expired';
  if (to !== 'grace' && to !== 'expired') throw new OpsError(`--stage is grace or expired, got "${to}"`);
  const name = rawName.trim().toLowerCase().replace(/\.$/, '');
  const d = await domainRecords(em).setExpiryDate(name, expiryForStage(to, now, graceDays));
  if (!d) throw new OpsError(`no domain ${name} holds that name (an expired one is already back in the pool)`);
  return {
    domain: d.name,
    status: d.status,
    stage: to,
    previous_expiry_date: d.previousExpiryDate.toISOString(),
    expiry_date: d.expiryDate.toISOString(),
    grace_ends_at: graceEndsAt(d.expiryDate, graceDays).toISOString(),
    note: 'The expiry sweep applies it within one EXPIRY_SWEEP_SECONDS interval.',
  };
}
