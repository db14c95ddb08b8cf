import { z } from 'zod';
import { when } from '../views/keys.ts';
import { renderDomain, type DomainPageData } from '../views/domain.ts';
import { ENDPOINT_FIELD, PROFILE_FIELDS } from '../views/domain/profile.ts';
import { recordsEdit, rowsOf } from '../views/domain/records-edit.ts';
import type { Outcome } from '../../http/operations/invoke.ts';
import { dashboardRoutes } from '../page.ts';
import { action, answered, pageRoutes, request, textOf, type PageContext } from '../page-definition.ts';
import { getAutoRenew, setAutoRenew } from '../../api/routes/domain/auto-renew.ts';
import { lookupDomain } from '../../api/routes/lookup.ts';
import { enableDns, getDnsRecords, patchDnsRecords } from '../../api/routes/domain/dns.ts';
import { deleteListing, putListing } from '../../api/routes/domain/listing.ts';
import { getManagedDomain } from '../../api/routes/domain/managed.ts';
import { listOffers, respondToOffer } from '../../api/routes/domains/offers.ts';
import {
  bindStorefront,
  deleteOwnerSkill,
  putOwnerSkill,
  unbindStorefront,
  updateProfile,
} from '../../api/routes/domain/profile.ts';
import { renewDomain } from '../../api/routes/renew.ts';
import {
  approveUnlock,
  cancelUnlock,
  getLock,
  lockDomain,
  requestUnlock,
} from '../../api/routes/domain/registrar-lock.ts';
import { transferDomain } from '../../api/routes/domains/transfer.ts';
import { verifyAgentOperation } from '../../api/routes/verify.ts';

export const { page: domainPageRoute, post: domainActionRoute } = pageRoutes('/dashboard/domains/:domain_name');

const OFFERS_PER_PAGE = 20;

// A form's fields are strings, a repeated one several; a field left out (an unticked box) is none.
const many = (item: z.ZodString = z.string()) =>
  z.preprocess((v: unknown) => (v === undefined ? [] : Array.isArray(v) ? (v as unknown[]) : [v]), z.array(item));
const text = z.string().default('');
/** What the person typed, as the API reads it: digits as a number, anything else as typed (the API says what is wrong). */
const numberOr = (s: string, decimals = false): number | string | null => {
  const t = s.trim();
  if (!t) return null;
  return (decimals ? /^\d{1,12}(\.\d{1,12})?$/ : /^\d{1,12}$/).test(t) ? Number(t) : t;
};
const messageOf = (a: Outcome, fallback: string): string => textOf(a.body, 'message') ?? fallback;

const nameOf = (ctx: PageContext) => ctx.params.domain_name ?? '';
/** The page's name as the domain operations' path value. */
const named = (ctx: PageContext) => ({ params: { domain_name: nameOf(ctx) } });

async function load(ctx: PageContext): Promise<DomainPageData> {
  const name = nameOf(ctx);
  // After a form the page shows what happened even when the name is no longer the person's (a transfer,
  // a sale, or a form posted for a name that never was): the API's words instead of the name's sections.
  if (ctx.afterAction) {
    const answer = await ctx.call(getManagedDomain, named(ctx));
    if (answer.status === 403 || answer.status === 404)
      return { kind: 'gone', name, message: messageOf(answer, `You do not own or manage ${name}.`) };
  }
  const { domain } = await ctx.read(getManagedDomain, named(ctx));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(ctx.query.offers_page ?? '1', 10) || 1));
  const offset = (page - 1) * OFFERS_PER_PAGE;
  const [auto, dns, lookup, offers, lock, verified] = await Promise.all([
    ctx.read(getAutoRenew, named(ctx)),
    ctx.read(getDnsRecords, named(ctx)),
    ctx.call(lookupDomain, { params: { domain_name: domain.name } }),
    ctx.read(listOffers, {
      query: { direction: 'incoming', domain: domain.name, limit: OFFERS_PER_PAGE, offset },
    }),
    ctx.read(getLock, named(ctx)),
    // Only when asked: it questions DNS, the name's hosts and a chain.
    ctx.query.verify === '1' ? ctx.call(verifyAgentOperation, { params: { name: nameOf(ctx) } }) : null,
  ]);
  return {
    kind: 'managed',
    domain,
    autoRenew: auto.auto_renew,
    dns,
    public: lookup.ok ? lookup.body : null,
    offers: { rows: offers.data, page, hasMore: offset + offers.data.length < offers.total },
    lock,
    verification: verified?.ok ? verified.body : null,
  };
}

const offerDecision = (decision: 'accept' | 'reject') =>
  action({
    fields: z.object({ target: z.string().min(1).max(64) }),
    call: (f) => request(respondToOffer, { params: { offer_id: f.target }, body: { action: decision } }),
    done: (_f, a) => {
      const offer = answered(a)?.offer;
      if (decision === 'reject') return { notice: 'Offer rejected; a gems escrow goes back to the bidder.' };
      return {
        notice: offer?.sale_id
          ? 'Offer accepted: the name is sold and the gems are paid out.'
          : 'Offer accepted: the bidder now has a payment window to pay it.',
      };
    },
  });

/** A domain's page over the domain operations of the API; each form is one documented operation. */
export const dashboardDomainRoutes = dashboardRoutes<DomainPageData>({
  page: domainPageRoute,
  post: domainActionRoute,
  title: (ctx) => nameOf(ctx),
  load,
  render: renderDomain,
  actions: {
    renew: action({
      // A person pays with gems: a pathUSD renewal is a machine payment, made by a program with a wallet
      // over the API, which this page cannot make (docs/dashboard.md "Decisions", what a person pays with).
      fields: z.object({
        years: text,
        payment_method: z
          .literal('gems', { error: 'The dashboard renews with gems; pathUSD is paid by an agent over the API.' })
          .default('gems'),
      }),
      call: (f, ctx) =>
        request(renewDomain, {
          body: { domain: nameOf(ctx), years: numberOr(f.years) ?? 1, payment_method: f.payment_method },
        }),
      done: (_f, a) => {
        const d = answered(a)?.domain;
        return { notice: `Renewed: the name now runs until ${when(d?.new_expiry_date ?? null)}.` };
      },
    }),
    auto_renew: action({
      fields: z.object({ enabled: z.enum(['on', 'off']), max_gems: text }),
      call: (f, ctx) => {
        const max = numberOr(f.max_gems);
        return request(setAutoRenew, {
          ...named(ctx),
          body: { enabled: f.enabled === 'on', ...(f.enabled === 'on' && max !== null ? { max_gems: max } : {}) },
        });
      },
      done: (f) => ({ notice: f.enabled === 'on' ? 'Auto-renew is on.' : 'Auto-renew is off.' }),
    }),
    save_records: action({
      fields: z.object({
        type: many(),
        name: many(),
        content: many(),
        // A TTL is checked here only for being a number, so a word is refused beside its row (`ttl.<row>`).
        ttl: many(z.string().regex(/^\s*\d*\s*$/, 'a TTL is a whole number of seconds')),
        orig: many(),
        remove: many(),
      }),
      call: (f, ctx) =>
        request(patchDnsRecords, { ...named(ctx), body: { records: recordsEdit(rowsOf(f), nameOf(ctx)).items } }),
      done: (_f, a) => ({ notice: messageOf(a, 'Records saved.') }),
    }),
    enable_dns: action({
      fields: z.object({}),
      call: (_f, ctx) => request(enableDns, named(ctx)),
      done: (_f, a) => ({ notice: messageOf(a, 'DNS enabled.') }),
    }),
    transfer: action({
      fields: z.object({ to_account_id: text, reason: text }),
      call: (f, ctx) =>
        request(transferDomain, {
          body: {
            domain: nameOf(ctx),
            to_account_id: f.to_account_id.trim(),
            ...(f.reason.trim() ? { reason: f.reason } : {}),
          },
        }),
      done: (_f, a) => ({ notice: messageOf(a, 'Transferred.') }),
    }),
    list_for_sale: action({
      fields: z.object({ price_gems: text, price_usd: text, min_offer_gems: text, min_offer_usd: text }),
      call: (f, ctx) => {
        const min = { gems: numberOr(f.min_offer_gems), usd: numberOr(f.min_offer_usd, true) };
        return request(putListing, {
          ...named(ctx),
          body: {
            price: { gems: numberOr(f.price_gems), usd: numberOr(f.price_usd, true) },
            min_offer: min.gems === null && min.usd === null ? null : min,
          },
        });
      },
      done: () => ({ notice: 'Listed for sale: lookup and agent.json show the price now.' }),
    }),
    withdraw_listing: action({
      fields: z.object({}),
      call: (_f, ctx) => request(deleteListing, named(ctx)),
      done: (_f, a) => ({ notice: messageOf(a, 'The listing is withdrawn.') }),
    }),
    lock: action({
      fields: z.object({}),
      call: (_f, ctx) => request(lockDomain, named(ctx)),
      done: () => ({ notice: 'Locked: the name refuses every move until an unlock takes effect.' }),
    }),
    request_unlock: action({
      fields: z.object({}),
      call: (_f, ctx) => request(requestUnlock, named(ctx)),
      done: (_f, a) => {
        const at = answered(a)?.unlock?.effective_at ?? null;
        return { notice: `Unlock asked for: it takes effect on ${when(at)}, or when a second person approves it.` };
      },
    }),
    approve_unlock: action({
      fields: z.object({}),
      call: (_f, ctx) => request(approveUnlock, named(ctx)),
      done: () => ({ notice: 'Unlock approved: the name is unlocked.' }),
    }),
    cancel_unlock: action({
      fields: z.object({}),
      call: (_f, ctx) => request(cancelUnlock, named(ctx)),
      done: () => ({ notice: 'Unlock cancelled: the name stays locked.' }),
    }),
    accept_offer: offerDecision('accept'),
    reject_offer: offerDecision('reject'),
    save_profile: action({
      fields: z
        .object({
          ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f.name, text])),
          description: text,
        })
        // The endpoints' fields (`endpoints.<key>`, as many as the profile names); the API validates them.
        .catchall(text) as z.ZodType<Record<string, string>>,
      call: (f, ctx) => {
        const endpoints = Object.fromEntries(
          Object.entries(f)
            .filter(([k, v]) => k.startsWith(ENDPOINT_FIELD) && v.trim())
            .map(([k, v]) => [k.slice(ENDPOINT_FIELD.length), v.trim()]),
        );
        return request(updateProfile, {
          ...named(ctx),
          // An empty field removes it (null); every display field is sent, so the profile is what the form shows.
          body: {
            ...Object.fromEntries(
              [...PROFILE_FIELDS.map((p) => p.name), 'description'].map((k) => [k, f[k]?.trim() ? f[k] : null]),
            ),
            endpoints: Object.keys(endpoints).length > 0 ? endpoints : null,
          },
        });
      },
      done: (_f, a) => {
        // The fields by the form's own labels (display_name is "Display name"), as the person typed them.
        const label = (k: string) =>
          PROFILE_FIELDS.find((p) => p.name === k)?.label.replace(/ \(https\)$/, '') ??
          ({ description: 'Description', endpoints: 'Endpoints' } as Record<string, string>)[k] ??
          k;
        const changed = (answered(a)?.updated_fields ?? []).map(label);
        return { notice: changed.length ? `Profile saved: ${changed.join(', ')}.` : 'Nothing changed.' };
      },
    }),
    publish_skill: action({
      fields: z.object({ skill_md: text }),
      call: (f, ctx) => request(putOwnerSkill, { ...named(ctx), body: f.skill_md }),
      done: () => ({ notice: 'Your skill text is published in skill.md.' }),
    }),
    remove_skill: action({
      fields: z.object({}),
      call: (_f, ctx) => request(deleteOwnerSkill, named(ctx)),
      done: () => ({ notice: 'Your skill text is removed from skill.md.' }),
    }),
    bind_storefront: action({
      fields: z.object({ provider: text, storefront_id: text, feed_url: text }),
      call: (f, ctx) =>
        request(bindStorefront, {
          ...named(ctx),
          body: { provider: f.provider.trim(), storefront_id: f.storefront_id.trim(), feed_url: f.feed_url.trim() },
        }),
      done: (f) => ({ notice: `Bound to storefront ${f.storefront_id.trim()}.` }),
    }),
    unbind_storefront: action({
      fields: z.object({}),
      call: (_f, ctx) => request(unbindStorefront, named(ctx)),
      done: () => ({ notice: 'The storefront is unbound.' }),
    }),
  },
});
