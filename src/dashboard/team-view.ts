import { teamAreaOf } from '../http/declaration.ts';
import { roleAllows } from '../domain/team.ts';
import type { Operation } from '../http/operations/operation.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { personOf } from '../auth/principal.ts';
import { teamRepository } from '../db/team-repository.ts';
import type { DashboardAction, DashboardPage, PageContext } from './page-definition.ts';
import type { DashboardView } from './views/view.ts';

/**
 * Which of a page's forms the person's role lets them use (docs/teams.md "Roles"): each action's operation
 * says its area, as the API decides it; a form is hidden where the role may not act. Acting as themselves,
 * every form is theirs.
 */
const EMPTY_FIELDS: unknown = new Proxy({}, { get: (_t, key) => (key === 'then' ? undefined : '') });

function operationOf(a: DashboardAction<unknown>, fields: unknown, ctx: PageContext): Operation | null {
  try {
    return a.call(fields, ctx).op;
  } catch {
    return null;
  }
}

function mayActOf(
  def: Pick<DashboardPage<unknown>, 'actions'>,
  ctx: PageContext,
): ((action: string) => boolean) | undefined {
  const member = ctx.person.member;
  if (!member) return undefined;
  const denied = new Set<string>();
  for (const [name, a] of Object.entries(def.actions ?? {})) {
    // The operation an action calls does not depend on what was typed: ask it with an empty form, as its
    // own schema reads one (lists empty, text ""), else with every field "".
    const empty = a.fields.safeParse({});
    const op = operationOf(a, empty.success ? empty.data : EMPTY_FIELDS, ctx);
    if (!op) continue;
    // A route of the team itself checks the role in that team (the one acted for here), not the acting area.
    const area = op.route.config.inTeam ?? teamAreaOf(op.route.method, op.route.url, op.route.config);
    if (area && !roleAllows(member.role, area)) denied.add(name);
  }
  return (action) => !denied.has(action);
}

/** What every page shows of teams: the person's teams for the switcher, the one they act for, the forms their role allows. */
export async function teamView(
  em: EntityManager,
  def: Pick<DashboardPage<unknown>, 'actions'>,
  ctx: PageContext,
): Promise<Pick<DashboardView, 'teams' | 'team' | 'mayAct'>> {
  const teams = (await teamRepository(em).teamsOf(personOf(ctx.person))).map((m) => ({
    id: m.team.id,
    name: m.team.name,
    role: m.role,
  }));
  const team = ctx.person.member ? (teams.find((c) => c.id === ctx.person.accountId) ?? null) : null;
  return { teams, team, mayAct: mayActOf(def, ctx) };
}
