import type { EntityManager } from '@mikro-orm/postgresql';
import { auditRegistryChanges } from './registry-audit.ts';
import { autoRenewRefusal, AUTO_RENEW_YEARS } from '../domain/auto-renew.ts';
import { extendedExpiry } from '../domain/renewal.ts';
import { debitGems, gemsBalance, InsufficientGemsError } from '../ledger/gems.ts';
import { ApprovalNeeded, MandateRefusal } from '../mandates/refusal.ts';
import { settleSpend, valueOf } from '../mandates/spends.ts';
import { recordEvent } from './outbox.ts';
import { recordRenewal } from './renewals.ts';
import { nextCursor, type DueRow, type PageRequest, type SweepPage } from './expiry-repository.ts';

/** A due row of the sweep, with the domain's cap and the owner's one-year price. */
interface AutoRenewRow extends DueRow {
  max_gems: number;
  price: number;
}

/**
 * Auto-renew from the prepaid balance (docs/registration.md "Auto-renew"): a sweep step over the active
 * domains with auto-renew on whose expiry is within `leadDays` of the sweep's cut-off, in index order.
 * Each domain is its own transaction: the term is extended only if it is still the term the sweep read
 * (`expiry_date = ?`), and the gems debit is keyed on that term, so one term is never charged twice.
 * A renewal that cannot happen (price above the cap, balance too low, refused by the owner's mandate or
 * above its approval threshold) writes `domain.renewal_failed` once per term (noted in domain_reminder
 * with days_before 0); the next sweeps try again while the name is due, so a change that lets it through
 * (gems granted, the mandate raised) renews it.
 */
export function autoRenewals(em: EntityManager, gemUsdRate: string) {
  async function renewOne(d: AutoRenewRow): Promise<'renewed' | 'failed' | 'skipped'> {
    const term = new Date(d.expiry_date);
    const reference = `auto-renew:${d.id}:${term.toISOString()}`;
    const refusal = autoRenewRefusal({
      priceGems: d.price,
      maxGems: d.max_gems,
      balance: await gemsBalance(em, d.owner_id),
    });
    if (!refusal) {
      try {
        return await em.fork().transactional(async (tx) => {
          const moved = await tx.execute<{ expiry_date: Date }[]>(
            `update domain set expiry_date = ?, updated_at = now()
             where id = ? and status = 'active' and expiry_date = ?::timestamptz returning expiry_date`,
            [extendedExpiry(term, AUTO_RENEW_YEARS), d.id, d.cursor],
          );
          if (moved.length === 0) return 'skipped' as const; // renewed or changed meanwhile: nothing to do
          await auditRegistryChanges(tx, [
            {
              key: reference,
              action: 'registry: auto-renew',
              object: d.name,
              subjectAccountId: d.owner_id,
              details: {
                before: { expiry_date: term.toISOString() },
                after: { expiry_date: extendedExpiry(term, AUTO_RENEW_YEARS).toISOString(), price_gems: d.price },
              },
            },
          ]);
          // The owner's spend mandate (docs/mandates.md) is judged and spent under its lock, with the debit.
          // Above its approval threshold the sweep cannot wait for the person: refused and announced.
          await settleSpend(
            tx,
            {
              key: reference,
              accountId: d.owner_id,
              operation: 'renew',
              name: d.name,
              ...valueOf({ gems: d.price, usdMicros: null }, gemUsdRate),
            },
            { approval: 'refuse' },
          );
          const debit = await debitGems(tx, { accountId: d.owner_id, amount: d.price, reference, memo: d.name });
          await recordRenewal(tx, {
            reference,
            domain: { id: d.id, name: d.name, ownerId: d.owner_id },
            accountId: d.owner_id,
            years: AUTO_RENEW_YEARS,
            previousExpiry: term,
            newExpiry: extendedExpiry(term, AUTO_RENEW_YEARS),
            paymentMethod: 'gems',
            amountGems: d.price,
            amountMinor: null,
            currency: 'gems',
            paymentReference: `ledger:${debit.transactionId}`,
            autoRenew: true,
            details: { auto_renew: true },
          });
          return 'renewed' as const;
        });
      } catch (err) {
        // The mandate refused it, or the balance fell between the look and the debit: the whole renewal rolled back.
        if (err instanceof MandateRefusal || err instanceof ApprovalNeeded) return noteFailure(d, term, err.code);
        if (!(err instanceof InsufficientGemsError)) throw err;
        return noteFailure(d, term, 'insufficient_gems');
      }
    }
    return noteFailure(d, term, refusal);
  }

  async function noteFailure(d: AutoRenewRow, term: Date, reason: string): Promise<'failed' | 'skipped'> {
    return em.fork().transactional(async (tx) => {
      const noted = await tx.execute<{ domain_id: number }[]>(
        `insert into domain_reminder (domain_id, term_expiry, days_before, created_at)
         values (?, ?::timestamptz, 0, now()) on conflict do nothing returning domain_id`,
        [d.id, d.cursor],
      );
      if (noted.length === 0) return 'skipped' as const;
      recordEvent(tx, 'domain.renewal_failed', {
        domain: d.name,
        domain_id: d.id,
        owner_id: d.owner_id,
        expiry_date: term.toISOString(),
        reason,
        price_gems: d.price,
        max_gems: d.max_gems,
      });
      return 'failed' as const;
    });
  }

  return {
    /** One page of due auto-renewals; `changed` counts renewals and failures announced. */
    async renewDue(page: PageRequest & { leadDays: number }): Promise<SweepPage> {
      const through = new Date(page.asOf.getTime() + page.leadDays * 24 * 3600 * 1000);
      const after = page.after ? 'and (d.expiry_date, d.id) > (?::timestamptz, ?)' : '';
      const due = await em.execute<AutoRenewRow[]>(
        `select d.id, d.name, d.owner_id, d.expiry_date, d.expiry_date::text as cursor, d.auto_renew_max_gems as max_gems,
                case when a.kind = 'human' then n.human_price_per_year else n.agent_price_per_year end * ${AUTO_RENEW_YEARS} as price
         from domain d join account a on a.id = d.owner_id join namespace n on n.name = d.namespace_name
         where d.status = 'active' and d.expiry_date <= ? and d.auto_renew_max_gems is not null ${after}
         order by d.expiry_date, d.id limit ?`,
        [through, ...(page.after ? [page.after.expiry, page.after.id] : []), page.limit],
      );
      let changed = 0;
      for (const d of due) if ((await renewOne(d)) !== 'skipped') changed += 1;
      return { changed, next: nextCursor(due, page.limit) };
    },
  };
}
