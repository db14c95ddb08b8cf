import type { CredentialKind } from '../auth/principal.ts';
import type { TeamArea } from '../domain/team.ts';

/**
 * Which credentials a route accepts. An empty rule means public: credentials sent to a public route
 * are ignored. `anonymous` in a rule: the route also runs without any credential (spec 5 rule 3: paid
 * machine payments). `dashboard` in a rule: a browser session is accepted too, but only on a call the
 * dashboard makes in-process after its own form check (src/dashboard/api-call.ts), never on a
 * request from the network: spec 5 rule 7 fixes these routes to a key or a bearer token for clients,
 * and the dashboard is where a session is accepted. Spec section 5 rule 7 fixes some rules; docs/api.md
 * "Access decisions" explains the others.
 */
export type AccessRule = readonly (CredentialKind | 'anonymous' | 'dashboard')[];

export const PUBLIC: AccessRule = [];
export const USER_KEYS: AccessRule = ['agent_key', 'live_key'];
export const ACCOUNT: AccessRule = [...USER_KEYS, 'bearer', 'session'];
export const DASHBOARD: AccessRule = ['bearer', 'session'];
export const MANAGEMENT: AccessRule = [...ACCOUNT, 'org_key'];
/** A dashboard page: a browser session; without one the page sends the visitor to sign in. */
export const PERSON_PAGE: AccessRule = ['session', 'anonymous'];
/** The rule's credential kinds, without the `anonymous` and `dashboard` markers. */
export const credentialKindsOf = (rule: AccessRule): CredentialKind[] =>
  rule.filter((k): k is CredentialKind => k !== 'anonymous' && k !== 'dashboard');

/** What the OpenAPI document says of an operation beyond its schemas. */
export interface OperationText {
  /** Stable: client generators name methods after it. */
  operationId: string;
  description: string;
  /** When the operation answers with a redirect: what the 302's Location is. */
  redirect?: string;
  /** What a status means on this operation, where the document's general wording would not say it. */
  responses?: Record<string, string>;
  /** The operation also takes a payment receipt (`Authorization: Payment`), alone or beside a key. */
  paymentReceipt?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: a route without it fails start-up (src/http/auth.ts). */
    access?: AccessRule;
    /** What a team member's role must allow to call it (src/domain/team.ts); a read when absent on a GET. */
    area?: TeamArea | 'read';
    /** On a route of the team its path names: what the caller's role in that team must allow (see declareRoute). */
    inTeam?: TeamArea;
    /** How its audit event is written when not by the request's own transactions: see declareRoute. */
    audited?: false | 'in-transaction';
    /** Its text in the OpenAPI document (src/http/openapi/document.ts); absent on hidden routes only. */
    openapi?: OperationText;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route declares beside its method and path: its `config`, as declareRoute takes and keeps it. */
export interface RouteConfig {
  access: AccessRule;
  /** Required on a route that changes something for a person's credential: see teamAreaOf. */
  area?: TeamArea | 'read';
  /**
   * On a route under `/api/v1/teams/{team_id}`: what the caller's role in the team of the path must allow
   * (src/domain/team.ts `teamOperationArea`, which the team service checks). The person calls it as
   * themselves (`area: 'self'`); the dashboard hides its form from a role that may not use it.
   */
  inTeam?: TeamArea;
  /**
   * How the operation's audit event is written (docs/teams.md "Audit trail"). Unsaid: by the request's own
   * transactions, or, when it answers success having committed none (one statement, a run's step), right after.
   * `false`: a POST that changes nothing itself (a quote, a dry run, a notice that only wakes a run, a batch whose
   * items are audited each). `in-transaction`: written only by its own transactions, as a paid operation's is
   * when its checkout opens or its effect commits (never again by the retry that pays it), or a revocation's
   * when it finds something to revoke.
   */
  audited?: false | 'in-transaction';
  /**
   * Honours `Idempotency-Key` (docs/api.md "Idempotency keys"): every call that pays, moves a name or
   * publishes. The pipeline's idempotency step keys it on every path, and the header is documented on it.
   */
  idempotent?: true;
  openapi?: OperationText;
}

/** A route's own declaration: spread into its options, and read without an app by declaredRoutes. */
export interface RouteDeclaration {
  method: Method;
  /** The whole path, with any prefix its plugin is registered under. */
  url: string;
  config: RouteConfig;
}

// Marks what declareRoute made, so a module's other exports (its plugin, helpers) are never read as routes.
const declarations = new WeakSet<object>();

/**
 * A route's method, path, access rule and OpenAPI text, said once beside it in its route file and
 * spread into its options: `app.route({ ...someRoute, schema, handler })`.
 */
export function declareRoute<const M extends Method>(
  d: { method: M; url: string } & RouteConfig,
): RouteDeclaration & { method: M } {
  const route = {
    method: d.method,
    url: d.url,
    config: {
      access: d.access,
      ...(d.area && { area: d.area }),
      ...(d.inTeam && { inTeam: d.inTeam }),
      ...(d.audited !== undefined && { audited: d.audited }),
      ...(d.idempotent && { idempotent: d.idempotent }),
      ...(d.openapi && { openapi: d.openapi }),
    },
  };
  declarations.add(route);
  return route;
}

/** The declarations a route module exports. */
export const declarationsOf = (module: Record<string, unknown>): RouteDeclaration[] =>
  Object.values(module).filter(
    (v): v is RouteDeclaration => typeof v === 'object' && v !== null && declarations.has(v),
  );

/** A declaration's options inside a plugin registered under `prefix`: Fastify prepends the prefix again. */
export const under = <R extends RouteDeclaration>(prefix: string, route: R): R => ({
  ...route,
  url: route.url.slice(prefix.length),
});

/** Whether a person acting for a team could call the route: it takes a person's credential. */
const takesPerson = (rule: AccessRule): boolean =>
  rule.some((k) => k === 'bearer' || k === 'session' || k === 'live_key' || k === 'dashboard');

/**
 * What a team member's role must allow to call a route (docs/teams.md "Roles"): its declared area, a read
 * for a GET that declares none, and null where no member can call it (a public route, or one no person's
 * credential reaches). A route that changes something for a person and declares no area is an error.
 */
export function teamAreaOf(
  method: string,
  url: string,
  config: { access?: AccessRule; area?: TeamArea | 'read' },
): TeamArea | 'read' | null {
  if (config.area) return config.area;
  const access = config.access ?? [];
  if (access.length === 0 || !takesPerson(access)) return null;
  if (method === 'GET' || method === 'HEAD') return 'read';
  throw new Error(`Route ${method} ${url} takes a person's credential but declares no team area (config.area)`);
}

/** How a route is named in an organization credential's allowlist and in refusals; HEAD is its GET. */
export const routeKey = (method: string, url: string): string => `${method === 'HEAD' ? 'GET' : method} ${url}`;
