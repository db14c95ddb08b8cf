import { z } from 'zod';
import { DAY_MS } from '../../domain/time.ts';
import { renderOverview, type OverviewData } from '../views/overview.ts';
import { dashboardRoutes } from '../page.ts';
import { action, answered, pageRoutes, request, type PageContext } from '../page-definition.ts';
import { agentName } from '../views/agents.ts';
import { getBalance, listClaimedAgents } from '../../api/routes/agents/agents.ts';
import { listOpenCheckouts } from '../../api/routes/checkout/open-checkouts.ts';
import { resetRegistrationLock } from '../../api/routes/domain/reset-lock.ts';
import { listManagedDomains } from '../../api/routes/domains/managed.ts';
import { registerDomain } from '../../api/routes/domains/register.ts';

export const { page: overviewPageRoute, post: overviewActionRoute } = pageRoutes('/dashboard');

const PAGE_SIZE = 50;
/** Owners named on the page: the person and up to this many claimed agents (others show their id). */
export const NAMED_AGENTS = 200;

/** The page number asked for (`?page=`), 1 when absent or not a positive whole number. */
export function pageOf(ctx: PageContext, param = 'page'): number {
  const n = Number(ctx.query[param]);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

const SOON_DAYS = 30;

async function load(ctx: PageContext): Promise<OverviewData> {
  const page = pageOf(ctx);
  const offset = (page - 1) * PAGE_SIZE;
  const now = Date.now();
  const soonCount = () => ctx.read(listManagedDomains, { query: { expires_within_days: SOON_DAYS, limit: 1 } });
  // Every read starts at once: the page waits for the slowest, not for their sum. The agents' names are
  // asked for with the rest (an account that claimed none gets an empty list cheaply), and the 30-day
  // count too on a later page, where the page's own rows cannot tell it.
  const [balance, domains, checkouts, agents, laterSoon] = await Promise.all([
    ctx.read(getBalance),
    ctx.read(listManagedDomains, { query: { sort: 'expiry', limit: PAGE_SIZE, offset } }),
    ctx.read(listOpenCheckouts, { query: { limit: 20 } }),
    ctx.read(listClaimedAgents, { query: { limit: NAMED_AGENTS } }),
    page === 1 ? null : soonCount(),
  ]);
  // Soonest expiry first: on the first page, what ends within 30 days is all there unless the page is
  // full of it; only then is the count asked for.
  const horizon = now + SOON_DAYS * DAY_MS;
  const soonOnPage = domains.data.filter((d) => Date.parse(d.expiry_date) <= horizon).length;
  const soon = laterSoon ?? (soonOnPage < domains.data.length ? { total: soonOnPage } : await soonCount());
  const owners: Record<string, string> = { [ctx.person.accountId]: 'You' };
  for (const a of agents.data) owners[a.account_id] = agentName(a);
  return {
    now,
    balance: balance.gems_balance,
    owners,
    domains: { rows: domains.data, total: domains.total, page, hasMore: offset + domains.data.length < domains.total },
    expiringSoon: soon.total,
    checkouts: { rows: checkouts.data, total: checkouts.total },
  };
}

/**
 * The overview over GET /api/v1/agents/me/balance, /api/v1/domains, /api/v1/checkouts and
 * /api/v1/agents; cancelling a checkout is POST /api/v1/domains/{name}/reset-lock.
 */
export const dashboardOverviewRoutes = dashboardRoutes({
  page: overviewPageRoute,
  post: overviewActionRoute,
  title: () => 'Overview',
  load,
  render: renderOverview,
  actions: {
    register: action({
      fields: z.object({
        domain: z.string().trim().min(1, 'Type the name to register, e.g. scout.agent'),
        years: z.string().trim(),
        owner: z.string().trim(),
        agreed_to_terms: z.literal('yes', { error: 'Tick “I agree to the registration terms” to register.' }),
      }),
      // Gems from the balance of whoever registers: the person, or for a claimed agent the agent's (the
      // API decides who may register for whom, and refuses a balance that is short).
      call: (f, ctx) =>
        request(registerDomain, {
          body: {
            domain: f.domain,
            years: /^\d{1,2}$/.test(f.years) ? Number(f.years) : f.years,
            agreed_to_terms: true,
            payment_method: 'gems',
            ...(f.owner && f.owner !== ctx.person.accountId ? { target_owner_id: f.owner } : {}),
          },
        }),
      done: (_f, answer) => {
        const d = answered(answer)?.domain;
        return { notice: `${d?.name ?? 'The name'} is registered until ${(d?.expiry_date ?? '').slice(0, 10)}.` };
      },
    }),
    cancel_checkout: action({
      fields: z.object({ target: z.string().min(1).max(253), operation: z.string().max(32).optional() }),
      call: (f) => request(resetRegistrationLock, { params: { domain_name: f.target } }),
      // A registration's checkout held the name; a renewal's held nothing and changed no term.
      done: (f) => ({
        notice:
          f.operation === 'renewal'
            ? `The renewal checkout for ${f.target} is cancelled; nothing was paid and its term is unchanged.`
            : `The checkout for ${f.target} is cancelled; the name is free again.`,
      }),
    }),
  },
});
