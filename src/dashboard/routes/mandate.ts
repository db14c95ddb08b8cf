import { z } from 'zod';
import { AppError } from '../../domain/errors.ts';
import {
  AMOUNT_LIMITS,
  MANDATE_OPERATIONS,
  renderMandate,
  type MandateData,
  type MandateView,
} from '../views/mandate.ts';
import { dashboardRoutes } from '../page.ts';
import { action, pageRoutes, request, textOf, type PageContext } from '../page-definition.ts';
import { pageOf } from './overview.ts';
import { deleteMandate, getMandate, getMandateHistory, setMandate } from '../../api/routes/agents/mandate.ts';

export const { page: mandatePageRoute, post: mandateActionRoute } = pageRoutes('/dashboard/agents/:agent_id/mandate');

const PAGE_SIZE = 20;

/** This page's agent, as the mandate operations' path value. */
const agentOf = (ctx: PageContext) => ({ params: { agent_id: ctx.params.agent_id ?? '' } });

async function load(ctx: PageContext): Promise<MandateData> {
  const page = pageOf(ctx);
  const offset = (page - 1) * PAGE_SIZE;
  // The history first decides whether this person may see the agent at all (404 account_not_found);
  // the mandate's own 404 mandate_not_found only means there is none.
  const [history, current] = await Promise.all([
    ctx.read(getMandateHistory, { ...agentOf(ctx), query: { limit: PAGE_SIZE, offset } }),
    ctx.call(getMandate, agentOf(ctx)),
  ]);
  let mandate: MandateView | null = null;
  if (current.ok) mandate = current.body.mandate;
  else if (textOf(current.body, 'code') !== 'mandate_not_found')
    throw new AppError('not_ready', 'The mandate could not be read just now; try again in a moment.');
  return {
    agentId: ctx.params.agent_id ?? '',
    mandate,
    history: {
      rows: history.data,
      page,
      hasMore: offset + history.data.length < history.total,
      total: history.total,
    },
  };
}

const text = z.string().trim().max(200).optional();

/** Whole gems as a person writes them: `5000`, or `5,000` with a comma before every group of three digits. */
const WHOLE_GEMS = /^-?(\d{1,15}|\d{1,3}(,\d{3}){1,4})$/;
/**
 * Digits run together with separators that are not thousands groups (`1,5`, `12 345`, `1.000`, `1_000`):
 * a person may have meant a decimal or another grouping, so the form refuses rather than guess.
 */
const ambiguousGems = (s: string) => /\d[\s,._'’]+\d/.test(s) && !WHOLE_GEMS.test(s);

const formFields = z
  .object({
    ...Object.fromEntries(
      AMOUNT_LIMITS.flatMap((l) => [[`${l.key}_usd`, text] as const, [`${l.key}_gems`, text] as const]),
    ),
    allowed_operations: z.union([z.string(), z.array(z.string())]).optional(),
    allowed_namespaces: text,
  })
  .superRefine((f: Record<string, string | string[] | undefined>, ctx) => {
    for (const l of AMOUNT_LIMITS) {
      const v = f[`${l.key}_gems`];
      if (typeof v === 'string' && ambiguousGems(v))
        ctx.addIssue({
          code: 'custom',
          path: [`${l.key}_gems`],
          message: `“${v}” gems (${l.label.toLowerCase()}) can be read more than one way: gems are whole numbers, written 12345 or 12,345 (a comma before every three digits). Nothing was saved.`,
        });
    }
  }) as z.ZodType<Record<string, string | string[] | undefined>>;

/** A USD amount as typed ("$25", "25.00"), for the API to judge. */
const usdOf = (v: string | string[] | undefined): string | undefined => {
  const s = typeof v === 'string' ? v.trim().replace(/^\$\s*/, '') : '';
  return s === '' ? undefined : s;
};
/** Gems as typed: a whole number (`5,000` too) becomes one; anything else goes as typed, for the API to refuse in words. */
const gemsOf = (v: string | string[] | undefined): number | string | undefined => {
  const s = typeof v === 'string' ? v.trim() : '';
  if (s === '') return undefined;
  return WHOLE_GEMS.test(s) ? Number(s.replace(/,/g, '')) : s;
};

/** The form as the body of PUT …/mandate: empty amounts are no limit; every operation ticked is all of them. */
export function mandateBodyOf(f: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const l of AMOUNT_LIMITS) {
    const usd = usdOf(f[`${l.key}_usd`]);
    const gems = gemsOf(f[`${l.key}_gems`]);
    if (usd !== undefined || gems !== undefined)
      body[l.key] = { ...(usd !== undefined ? { usd } : {}), ...(gems !== undefined ? { gems } : {}) };
  }
  const ticked = f.allowed_operations === undefined ? [] : [f.allowed_operations].flat();
  body.allowed_operations = MANDATE_OPERATIONS.every((op) => ticked.includes(op)) ? null : ticked;
  const ns = typeof f.allowed_namespaces === 'string' ? f.allowed_namespaces : '';
  const namespaces = ns
    .split(/[\s,]+/)
    .map((s) => s.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);
  body.allowed_namespaces = namespaces.length > 0 ? namespaces : null;
  return body;
}

/**
 * An agent's spend mandate (docs/mandates.md) over PUT/GET/DELETE /api/v1/agents/{agent_id}/mandate and
 * GET …/mandate/history: what it is and what remains, set it, remove it, every change.
 */
export const dashboardMandateRoutes = dashboardRoutes({
  page: mandatePageRoute,
  post: mandateActionRoute,
  title: () => 'Spend mandate',
  load,
  render: renderMandate,
  actions: {
    set_mandate: action({
      fields: formFields,
      call: (f, ctx) => request(setMandate, { ...agentOf(ctx), body: mandateBodyOf(f) }),
      done: () => ({ notice: 'The mandate is saved: it judges the agent’s next purchase.' }),
    }),
    remove_mandate: action({
      fields: z.object({}),
      call: (_f, ctx) => request(deleteMandate, agentOf(ctx)),
      done: () => ({ notice: 'The mandate is removed: nothing the agent spends is limited.' }),
    }),
  },
});
