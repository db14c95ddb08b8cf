import { AppError, insufficientGems } from './errors.ts';
import { availability } from './availability.ts';
import type { NamespaceInfo } from './namespace-directory.ts';
import { priceRegistration, type Price } from './pricing.ts';

export type RegistrationMethod = 'mpp' | 'gems' | 'free' | 'gfavip_checkout';

export interface RegistrationRequest {
  label: string;
  ns: NamespaceInfo;
  name: string;
  years: number;
  paymentMethod: 'mpp' | 'gems' | 'gfavip_checkout';
  network: 'tempo' | 'base-mainnet';
  resellerChannel: string | null;
  targetOwnerId: string | null;
  couponCode: string | null;
}

/** Who asks: an account, an organization credential acting through its member, or nobody (a wallet pays). */
export interface RegistrationActor {
  accountId: string | null;
  org: { namespaceOps: Record<string, string[]>; customerIds: string[] | null } | null;
}

/** What the database knows that the rules need; loaded once per request by src/db/registration-facts.ts. */
export interface RegistrationFacts {
  taken: boolean;
  account: { kind: 'agent' | 'human'; isReseller: boolean; isOperator: boolean } | null;
  whitelisted: boolean;
  targetOwnerExists: boolean;
  /** The target owner is a customer of the acting organization. */
  targetIsCustomer: boolean;
  /** The coupon's discount, or why it cannot be used; null without a coupon. */
  coupon: { percentOff: number } | { refused: string } | null;
  gemsBalance: number;
}

export interface PricingSettings {
  wholesalePercentOff: number;
  gemUsdRate: string;
  /** The operator opened the USDC route (MPP_BASE_MAINNET_ENABLED). */
  baseMainnetEnabled: boolean;
}

export interface Plan {
  method: RegistrationMethod;
  actorAccountId: string | null;
  ownerAccountId: string | null;
  operator: boolean;
  price: Price;
  wholesale: boolean;
  resellerChannel: string | null;
  couponCode: string | null;
  warnings: string[];
}

/**
 * Every rule a registration must pass before a checkout exists, in the order a caller should learn
 * about them; each failure is a 4xx with a stable code. Pure: the facts are read beforehand.
 */
export function planRegistration(
  actor: RegistrationActor,
  req: RegistrationRequest,
  facts: RegistrationFacts,
  settings: PricingSettings,
): Plan {
  const { ns, label, name } = req;
  if (req.network === 'base-mainnet') checkUsdcRoute(actor, req, settings);
  if (ns.launch_phase === 'coming_soon')
    throw new AppError('namespace_not_open', `.${ns.namespace} is coming soon: registration is not open yet.`);
  const a = availability(ns, label, facts.taken ? 'registered' : 'free');
  if (a.reason === 'reserved') throw new AppError('name_reserved', `${name} is reserved and cannot be registered.`);
  if (a.reason === 'registered') throw new AppError('name_taken', `${name} is already registered.`);
  checkRail(req, ns);
  checkOrganization(actor, req, facts);
  const account = actor.accountId ? facts.account : null;
  if (ns.launch_phase === 'sunrise' && !(account && facts.whitelisted))
    throw new AppError('not_whitelisted', `.${ns.namespace} is in sunrise: only whitelisted accounts may register.`);
  if (req.paymentMethod === 'gems' && !account)
    throw new AppError('unauthorized', 'Paying with gems needs an account: send X-API-Key or a bearer token.');
  if (req.paymentMethod === 'gfavip_checkout' && account?.kind !== 'human') {
    throw new AppError(
      'payment_method_not_available',
      'The hosted checkout is for signed-in people (bearer token or browser session); agents register with mpp.',
    );
  }
  if (req.targetOwnerId && !facts.targetOwnerExists)
    throw new AppError('unknown_target_owner', `No account ${req.targetOwnerId}.`);

  const warnings: string[] = [];
  const wholesale = Boolean(req.resellerChannel && account?.isReseller);
  if (req.resellerChannel && !wholesale)
    warnings.push('reseller_channel ignored: the account is not an approved reseller.');
  if (facts.coupon && 'refused' in facts.coupon) {
    throw new AppError('coupon_invalid', `Coupon ${req.couponCode} cannot be used (${facts.coupon.refused}).`, {
      reason: facts.coupon.refused,
    });
  }
  const operator = account?.isOperator ?? false;
  const price = priceRegistration({
    ns,
    years: req.years,
    actorKind: account?.kind === 'human' ? 'human' : 'agent',
    wholesale,
    wholesalePercentOff: settings.wholesalePercentOff,
    ownerDiscount: operator,
    couponPercentOff: facts.coupon?.percentOff ?? 0,
    gemUsdRate: settings.gemUsdRate,
  });
  const method: RegistrationMethod = price.totalGems === 0 ? 'free' : req.paymentMethod;
  // Refused before any checkout starts; activation checks the balance again, atomically with the debit.
  if (method === 'gems' && facts.gemsBalance < price.totalGems) {
    throw insufficientGems(facts.gemsBalance, price.totalGems);
  }
  return {
    method,
    actorAccountId: actor.accountId,
    ownerAccountId: req.targetOwnerId ?? actor.accountId,
    operator,
    price,
    wholesale,
    resellerChannel: wholesale ? req.resellerChannel : null,
    couponCode: req.couponCode,
    warnings,
  };
}

/**
 * The USDC route (spec 4.6) is operator-gated, never a fallback; it is a machine payment, and its
 * session belongs to an identity (the status and reconcile routes answer only that identity).
 */
function checkUsdcRoute(actor: RegistrationActor, req: RegistrationRequest, settings: PricingSettings): void {
  if (!settings.baseMainnetEnabled)
    throw new AppError(
      'network_not_enabled',
      'The base-mainnet USDC route is operator-gated and not available here; omit mpp_network to pay on the default route.',
    );
  if (req.paymentMethod !== 'mpp')
    throw new AppError('payment_method_not_available', 'The base-mainnet USDC route is paid by machine payment (mpp).');
  if (!actor.accountId)
    throw new AppError(
      'unauthorized',
      'The USDC route needs an identity: provision one (POST /api/v1/agents/provision) and send its X-API-Key.',
    );
}

/** The rails a namespace takes: partner namespaces have mpp and their hosted checkout, ours mpp and gems. */
function checkRail(req: RegistrationRequest, ns: NamespaceInfo): void {
  if (req.paymentMethod === 'gfavip_checkout' && ns.source !== 'partners') {
    throw new AppError(
      'payment_method_not_available',
      'gfavip_checkout is the hosted human checkout of partner namespaces; use mpp or gems here.',
    );
  }
  if (req.paymentMethod === 'gems' && ns.source === 'partners') {
    throw new AppError(
      'payment_method_not_available',
      `Gems are not a rail of .${ns.namespace}: pay with mpp (agents and people) or gfavip_checkout (signed-in people).`,
    );
  }
}

/** An organization credential registers only where it may, and only for one of its customers. */
function checkOrganization(actor: RegistrationActor, req: RegistrationRequest, facts: RegistrationFacts): void {
  const org = actor.org;
  if (!org) return;
  if (!(org.namespaceOps[req.ns.namespace] ?? []).includes('register'))
    throw new AppError('forbidden', `This organization credential may not register in .${req.ns.namespace}.`);
  if (!req.targetOwnerId)
    throw new AppError(
      'unknown_target_owner',
      'An organization credential registers for a customer: give target_owner_id.',
    );
  if (!facts.targetIsCustomer || (org.customerIds && !org.customerIds.includes(req.targetOwnerId)))
    throw new AppError('forbidden', 'target_owner_id is not a customer this credential may act for.');
}
