import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { authenticate, unauthorized, type AuthDeps } from '../auth/authenticate.ts';
import type { AccountPrincipal, CredentialKind, Principal } from '../auth/principal.ts';
import { AppError } from '../domain/errors.ts';
import type { Orm } from '../db/orm.ts';
import type { CrossSiteRule } from './cross-site.ts';
import { credentialKindsOf, PUBLIC, routeKey, teamAreaOf, type AccessRule } from './declaration.ts';
import { roleAllows, rolesFor, type TeamArea } from '../domain/team.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const kindNames: Record<CredentialKind, string> = {
  agent_key: 'an agent API key (X-API-Key)',
  live_key: 'a live API key (X-API-Key)',
  bearer: 'an identity-provider bearer token',
  session: 'a browser session',
  org_key: 'an organization credential (X-API-Key)',
};

/**
 * How an agent's owner gets the person's credential a route asks for (spec 5 rule 7: records take a bearer
 * token): claim the agent with its claim code while signed in, then act from the dashboard or with an
 * access token of the identity provider the protected-resource metadata names.
 */
const OWNER_HOW_TO = {
  sign_in: '/auth/login',
  claim: 'POST /api/v1/agents/claim {"claim_code": …} (or the dashboard\'s Agents page)',
  dashboard: '/dashboard',
  bearer_token_issuer: '/.well-known/oauth-protected-resource',
};
const OWNER_STEPS =
  "It acts for a person: the agent's owner signs in (/auth/login), claims the agent with its claim code " +
  "(POST /api/v1/agents/claim, or the dashboard's Agents page), then does this from the dashboard or sends " +
  '`Authorization: Bearer <access token>` from the identity provider that /.well-known/oauth-protected-resource names.';

/** Routes added by plugins we do not own (the interactive API reference) are public by prefix. */
const publicPrefixes = ['/docs'];

/** The access rule a route declares in `config.access` (declaration.ts), or undefined. */
function accessRuleOf(url: string, config: { access?: AccessRule } | undefined): AccessRule | undefined {
  if (publicPrefixes.some((p) => url === p || url.startsWith(`${p}/`))) return PUBLIC;
  return config?.access;
}

/**
 * How an operation is reached: over HTTP, or in-process by an MCP tool call, an A2A message or a dashboard form
 * (src/http/operations/invoke.ts), whose own request was authenticated and checked first.
 */
export type Channel = 'http' | 'mcp' | 'a2a' | 'dashboard' | 'batch';

/**
 * The one access decision of every adapter: whether `principal` may call the operation `key` under
 * `rule` (null) or the refusal. `dashboard` in a rule admits a browser session only on the dashboard's
 * own calls (made after its form check), never from the network (spec 5 rule 7).
 */
export function accessRefusal(
  rule: AccessRule,
  key: string,
  principal: Principal | null,
  channel: Channel,
  area: TeamArea | 'read' | null = null,
): AppError | null {
  if (rule.length === 0) return null;
  if (!principal) return rule.includes('anonymous') ? null : unauthorized();
  const accepts = credentialKindsOf(rule);
  const viaDashboard = rule.includes('dashboard') && principal.kind === 'session' && channel === 'dashboard';
  if (!accepts.includes(principal.kind) && !viaDashboard) {
    const refused = `${key} does not accept ${kindNames[principal.kind]}; it accepts ${accepts.map((k) => kindNames[k]).join(', ')}.`;
    // An agent's key on a person's route (records, user/domains, the command endpoint): say how its owner
    // acts there, the one place an agent learns it from the refusal itself (the skill file says it too).
    if (principal.kind === 'agent_key' && accepts.includes('bearer'))
      return new AppError('credential_not_accepted', `${refused} ${OWNER_STEPS}`, { accepts, how_to: OWNER_HOW_TO });
    return new AppError('credential_not_accepted', refused, { accepts });
  }
  if (principal.kind === 'org_key' && !principal.allowedRoutes.includes(key))
    return new AppError('route_not_allowed', `This organization credential is not allowed to call ${key}.`);
  if (principal.kind !== 'org_key' && principal.member && area && !roleAllows(principal.member.role, area))
    return new AppError(
      'role_not_allowed',
      `Your role in this team (${principal.member.role}) does not allow ${key}.`,
      { role: principal.member.role, area, ...(area !== 'read' && { roles: rolesFor(area) }) },
    );
  return null;
}

/**
 * Enforces the routes' access rules: every route registered after this must declare one, and each
 * protected route gets a guard that authenticates, checks the credential kind (and, for organization
 * credentials, the endpoint allowlist), refuses a browser session's request from another origin that
 * may change state (cross-site.ts), and then applies the per-credential rate limit.
 */
export function registerAccessControl(
  app: FastifyInstance,
  orm: Orm,
  deps: AuthDeps,
  perCredentialLimit: onRequestHookHandler,
  crossSite: CrossSiteRule,
): void {
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rule = accessRuleOf(route.url, route.config);
    if (!rule) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no access rule (config.access: see src/http/declaration.ts)`,
      );
    }
    if (rule.length === 0) return;
    const key = routeKey(methods[0] as string, route.url);
    const area = teamAreaOf(methods[0] as string, route.url, { ...route.config, access: rule });
    const guard: onRequestHookHandler = async (req) => {
      const principal = await authenticate(req, orm.em.fork(), deps);
      const refusal = accessRefusal(rule, key, principal, 'http', area);
      if (refusal) throw refusal;
      if (!principal) return;
      // Only a session is sent by the browser on its own; it is the credential another page could ride.
      if (principal.kind === 'session') crossSite.check(req);
      req.principal = principal;
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, guard, perCredentialLimit];
  });
}

/** The authenticated account principal of a route that accepts only account credentials. */
export function accountPrincipal(req: { principal: Principal | null }): AccountPrincipal {
  const p = req.principal;
  if (!p || p.kind === 'org_key')
    throw new AppError('credential_not_accepted', 'This operation needs an account credential.');
  return p;
}
