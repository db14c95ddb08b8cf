import { html, type SafeHtml } from '../../pages/html.ts';
import type { DashboardView } from './view.ts';
import { renderListing, renderOffers, type OffersPage } from './domain/market.ts';
import { renderLock, type LockState } from './domain/lock.ts';
import { renderProfile } from './domain/profile.ts';
import { renderDns, type DnsState } from './domain/records.ts';
import { renderSummary, renderTerm, renderTransfer, type AutoRenew, type ManagedDomain } from './domain/term.ts';
import { renderVerify, type VerifyReport } from './domain/verify.ts';
import type { PublicRecord } from './answers.ts';
export type { PublicRecord };

export type DomainPageData =
  | {
      kind: 'managed';
      domain: ManagedDomain;
      autoRenew: AutoRenew;
      dns: DnsState;
      /** Null when the public record cannot be read (the name in its grace period is not public). */
      public: PublicRecord | null;
      offers: OffersPage;
      lock: LockState;
      /** The verifier's report, when the person asked for it (`?verify=1`). */
      verification: VerifyReport | null;
    }
  /** After a form, the name is no longer the person's (transferred, or never was): what the API said. */
  | { kind: 'gone'; name: string; message: string };

/** A domain's page: its term, DNS, transfer, listing, offers and profile, each section a form of the API. */
export function renderDomain(view: DashboardView, data: DomainPageData): SafeHtml {
  if (data.kind === 'gone')
    return html`<p>${data.message}</p>
      <p><a href="/dashboard">Back to your domains</a></p>`;
  const p = data.public;
  return html`${renderSummary(data.domain, p?.manifests ?? null)} ${renderTerm(view, data.domain, data.autoRenew)}
  ${renderDns(view, data.domain.name, data.dns)}
  ${renderListing(view, p?.for_sale ? { price: p.for_sale, min: p.min_offer } : null, data.lock.locked)}
  ${renderOffers(view, data.offers)} ${renderProfile(view, p?.profile ?? {}, data.domain.storefront_id)}
  ${renderLock(view, data.lock)} ${renderTransfer(view, data.lock.locked)}
  ${renderVerify(data.domain.name, data.verification)}`;
}
