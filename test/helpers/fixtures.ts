import { randomBytes } from 'node:crypto';
import type { Orm } from '../../src/db/orm.ts';
import { Account, Domain, DomainOrder, Listing, Namespace, OutboxEvent } from '../../src/db/entities/index.ts';
import type { DomainProfile } from '../../src/domain/public-domain.ts';

/** The catalog's ten namespaces (catalog/namespaces.json), in its order: the order every list of them keeps. */
export const CATALOG_NAMESPACES = [
  'agent',
  'boss',
  'chatbot',
  'factory',
  'protocol',
  'bpo',
  'manifest',
  'c',
  'zen',
  'yolo',
];

export const randomLabel = (prefix = 'n') => `${prefix}${randomBytes(5).toString('hex')}`;

export async function createAccount(orm: Orm, data: Partial<{ kind: 'human' | 'agent'; operator: Account }> = {}) {
  const em = orm.em.fork();
  const kind = data.kind ?? 'agent';
  const account = em.create(Account, {
    kind,
    assurance: kind === 'agent' ? (data.operator ? 'claimed' : 'anonymous') : null,
    operatorAccount: data.operator ? em.getReference(Account, data.operator.id) : null,
  });
  await em.flush();
  return account;
}

/**
 * Inserts a registered domain directly (registration itself arrives with the registration workflow).
 * The default term runs ten years, so a stack whose expiry sweep runs never sees it come due.
 */
export async function createDomain(
  orm: Orm,
  data: {
    label: string;
    namespace: string;
    owner?: Account;
    squadId?: string | null;
    capabilities?: string[];
    profile?: DomainProfile;
    storefrontId?: string | null;
    registrationDate?: Date;
    expiryDate?: Date;
  },
) {
  const em = orm.em.fork();
  const owner = data.owner ?? (await createAccount(orm));
  const registrationDate = data.registrationDate ?? new Date('2026-01-02T03:04:05.678Z');
  const tenYearsAfter = (d: Date) => new Date(new Date(d).setUTCFullYear(d.getUTCFullYear() + 10));
  const domain = em.create(Domain, {
    name: `${data.label}.${data.namespace}`,
    label: data.label,
    namespace: em.getReference(Namespace, data.namespace),
    owner: em.getReference(Account, owner.id),
    status: 'active',
    registrationDate,
    expiryDate: data.expiryDate ?? tenYearsAfter(registrationDate),
    squadId: data.squadId ?? null,
    capabilities: data.capabilities ?? [],
    profile: data.profile ?? {},
    storefrontId: data.storefrontId ?? null,
  });
  await em.flush();
  return domain;
}

/**
 * A registered name listed for sale (docs/market.md "Market"), written directly: the seller (a fresh agent
 * unless given) with its payout address when given, the prices and the floor.
 */
export async function createListing(
  orm: Orm,
  data: {
    seller?: Account;
    label?: string;
    priceGems?: number | null;
    priceUsdMinor?: bigint | null;
    minOfferGems?: number | null;
    minOfferUsdMinor?: bigint | null;
    payoutAddress?: string | null;
  },
) {
  const seller = data.seller ?? (await createAccount(orm));
  if (data.payoutAddress)
    await orm.em.fork().nativeUpdate(Account, { id: seller.id }, { payoutAddress: data.payoutAddress });
  const domain = await createDomain(orm, {
    label: data.label ?? randomLabel('sale'),
    namespace: 'agent',
    owner: seller,
  });
  const em = orm.em.fork();
  em.create(Listing, {
    domainId: domain.id,
    domainName: domain.name,
    seller: em.getReference(Account, seller.id),
    priceGems: data.priceGems ?? null,
    priceUsdMinor: data.priceUsdMinor ?? null,
    minOfferGems: data.minOfferGems ?? null,
    minOfferUsdMinor: data.minOfferUsdMinor ?? null,
  });
  await em.flush();
  return { seller, name: domain.name, domainId: domain.id };
}

/** What the registrations of `name` left: its domain rows, its orders and its domain.registered events. */
export async function registrationCounts(orm: Orm, name: string) {
  const em = orm.em.fork();
  return {
    domains: await em.count(Domain, { name }),
    orders: await em.count(DomainOrder, { domainName: name }),
    events: (await em.find(OutboxEvent, { eventType: 'domain.registered' })).filter((e) => e.payload.domain === name)
      .length,
  };
}

/**
 * Runs `body` while no outbox event of the domain `name` can be written (a trigger raises on its insert, as
 * an outbox that is not there would), then lets them be written again.
 */
export async function withOutboxFailingFor<T>(orm: Orm, name: string, body: () => Promise<T>): Promise<T> {
  const conn = orm.em.getConnection();
  await conn.execute(`create function fail_outbox() returns trigger language plpgsql as $$
    begin if new.payload->>'domain' = '${name}' then raise exception 'outbox unavailable'; end if; return new; end $$`);
  await conn.execute(
    'create trigger fail_outbox before insert on outbox_event for each row execute function fail_outbox()',
  );
  try {
    return await body();
  } finally {
    await conn.execute('drop trigger fail_outbox on outbox_event; drop function fail_outbox()');
  }
}

/** A card signing key for production-mode configurations in tests (not the published development one). */
export const TEST_CARD_SIGNING_KEY =
  '{"kty":"EC","crv":"P-256","x":"jFfI7E11nNnBd-WvVrju157RhtUv2mxvA8A5YhgHi14","y":"n2ISqGc5gHUiPDFi3nBltxu6q_JbMFdYpgRlfHxmbsk","d":"jZHVdnWRKFMg-zjkhaMPqvuCyyfgYMDTX1o5P0Q6kHY"}';
