import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import type { InjectOptions } from 'fastify';
import { credentialKinds, type CredentialKind } from '../../src/auth/principal.ts';
import { registerAccessControl } from '../../src/http/auth.ts';
import { teamAreaOf } from '../../src/http/declaration.ts';
import { roleAllows, teamRoles, type TeamRole } from '../../src/domain/team.ts';
import { crossSiteRule } from '../../src/http/cross-site.ts';
import { declaredRoutes } from '../../src/server/declared.ts';
import * as ops from '../../src/ops/commands.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { startTestOidc } from '../helpers/oidc.ts';

type Req = Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>;

// The routes' access rules, walked exhaustively: every protected route with no credential, a revoked key,
// an expired token, each credential kind, and other accounts' credentials on owner-only routes.
/** Every route's declared rule by "METHOD path", as organization credentials and refusals name routes. */
// The dashboard's pages are walked by their own tests (test/integration/dashboard-*.test.ts): each takes a
// browser session and sends a visitor without one to sign in; what they do, the API routes below decide.
const isDashboardPage = (url: string) => url === '/dashboard' || url.startsWith('/dashboard/');
const accessRules = Object.fromEntries(
  declaredRoutes.filter((r) => !isDashboardPage(r.url)).map((r) => [`${r.method} ${r.url}`, r.config.access]),
);
/** A subscription id nobody has: the walk over every credential changes nothing. */
const NO_SUBSCRIPTION = '00000000-0000-4000-8000-00000000beef';
/** A team nobody has. */
const NO_TEAM = '00000000-0000-4000-8000-000000007ea3';

describe('access control', () => {
  let t: TestApp;
  let idp: DevOidcProvider;
  const creds = {} as Record<CredentialKind | 'revoked_key' | 'expired_bearer' | 'bob_bearer', Record<string, string>>;
  const names = { alice: '', bob: '', carol: '' };
  let aliceId = '';
  let orgId = '';

  const samples: Record<string, () => Req> = {
    'GET /api/v1/agents/me': () => ({ method: 'GET', url: '/api/v1/agents/me' }),
    // Clearing an address nobody set: the walk over every credential changes nothing.
    'PUT /api/v1/agents/me/payout-address': () => ({
      method: 'PUT',
      url: '/api/v1/agents/me/payout-address',
      payload: { address: null },
    }),
    'POST /api/v1/agents/claim': () => ({
      method: 'POST',
      url: '/api/v1/agents/claim',
      payload: { claim_code: 'claim-aaaaaaaaaaaaaaaaaaaaaaaaaa' },
    }),
    'GET /api/v1/agents': () => ({ method: 'GET', url: '/api/v1/agents' }),
    'GET /api/v1/agents/me/balance': () => ({ method: 'GET', url: '/api/v1/agents/me/balance' }),
    // A key of an agent nobody claimed: refused alike for every caller, nothing revoked.
    'DELETE /api/v1/agents/:agent_id/keys/:key_id': () => ({
      method: 'DELETE',
      url: '/api/v1/agents/00000000-0000-4000-8000-00000000a9e7/keys/unknownkey0000000',
    }),
    // The mandate of an agent nobody claimed: refused alike for every caller, nothing changed.
    'PUT /api/v1/agents/:agent_id/mandate': () => ({
      method: 'PUT',
      url: '/api/v1/agents/00000000-0000-4000-8000-00000000a9e7/mandate',
      payload: { per_day: { gems: 10 } },
    }),
    'GET /api/v1/agents/:agent_id/mandate': () => ({
      method: 'GET',
      url: '/api/v1/agents/00000000-0000-4000-8000-00000000a9e7/mandate',
    }),
    'DELETE /api/v1/agents/:agent_id/mandate': () => ({
      method: 'DELETE',
      url: '/api/v1/agents/00000000-0000-4000-8000-00000000a9e7/mandate',
    }),
    'GET /api/v1/agents/:agent_id/mandate/history': () => ({
      method: 'GET',
      url: '/api/v1/agents/00000000-0000-4000-8000-00000000a9e7/mandate/history',
    }),
    // An approval nobody asked for: refused alike for every caller, nothing decided.
    'GET /api/v1/approvals': () => ({ method: 'GET', url: '/api/v1/approvals' }),
    'GET /api/v1/approvals/:approval_id': () => ({
      method: 'GET',
      url: '/api/v1/approvals/00000000-0000-4000-8000-00000000a9e7',
    }),
    'POST /api/v1/approvals/:approval_id/approve': () => ({
      method: 'POST',
      url: '/api/v1/approvals/00000000-0000-4000-8000-00000000a9e7/approve',
      payload: {},
    }),
    'POST /api/v1/approvals/:approval_id/refuse': () => ({
      method: 'POST',
      url: '/api/v1/approvals/00000000-0000-4000-8000-00000000a9e7/refuse',
      payload: {},
    }),
    'GET /api/v1/checkouts': () => ({ method: 'GET', url: '/api/v1/checkouts' }),
    'GET /api/v1/keys': () => ({ method: 'GET', url: '/api/v1/keys' }),
    'POST /api/v1/keys': () => ({ method: 'POST', url: '/api/v1/keys', payload: { key_class: 'agent' } }),
    'DELETE /api/v1/keys/:key_id': () => ({ method: 'DELETE', url: '/api/v1/keys/unknownkey0000000' }),
    'GET /api/v1/user/domains': () => ({ method: 'GET', url: '/api/v1/user/domains' }),
    'GET /api/v1/domains': () => ({ method: 'GET', url: '/api/v1/domains' }),
    'GET /api/v1/domains/:domain_name': () => ({ method: 'GET', url: `/api/v1/domains/${names.alice}` }),
    'GET /api/v1/domains/activity': () => ({ method: 'GET', url: '/api/v1/domains/activity' }),
    'POST /api/v1/domains/transfer': () => ({
      method: 'POST',
      url: '/api/v1/domains/transfer',
      payload: { domain: names.alice, to_account_id: '00000000-0000-4000-8000-000000000000' },
    }),
    // Reserved name: every caller is refused before any checkout exists, so the walk changes nothing.
    'POST /api/v1/domains/register': () => ({
      method: 'POST',
      url: '/api/v1/domains/register',
      payload: { domain: 'admin', namespace: 'agent', years: 1, agreed_to_terms: true },
    }),
    // An unknown name: every caller is refused before any checkout exists.
    'POST /api/v1/renew': () => ({
      method: 'POST',
      url: '/api/v1/renew',
      payload: { domain: 'nobody-owns-this.agent', years: 1 },
    }),
    'POST /api/v1/domains/make-offer': () => ({
      method: 'POST',
      url: '/api/v1/domains/make-offer',
      payload: { domain: 'nobody-owns-this.agent', amount: 10, currency: 'gems' },
    }),
    'GET /api/v1/domains/offers': () => ({ method: 'GET', url: '/api/v1/domains/offers' }),
    'GET /api/v1/domains/listings': () => ({ method: 'GET', url: '/api/v1/domains/listings' }),
    'GET /api/v1/domains/sales': () => ({ method: 'GET', url: '/api/v1/domains/sales' }),
    'POST /api/v1/domains/offers/:offer_id/respond': () => ({
      method: 'POST',
      url: '/api/v1/domains/offers/no-such-offer/respond',
      payload: { action: 'reject' },
    }),
    'POST /api/v1/domains/offers/:offer_id/withdraw': () => ({
      method: 'POST',
      url: '/api/v1/domains/offers/no-such-offer/withdraw',
    }),
    'POST /api/v1/domains/offers/:offer_id/pay': () => ({
      method: 'POST',
      url: '/api/v1/domains/offers/no-such-offer/pay',
      payload: {},
    }),
    'POST /api/v1/domains/buy-secondary': () => ({
      method: 'POST',
      url: '/api/v1/domains/buy-secondary',
      payload: { domain: 'nobody-owns-this.agent' },
    }),
    // The human checkout of a name nobody lists; the post, without its form token, is refused before buying.
    'GET /checkout/:domain': () => ({ method: 'GET', url: '/checkout/nobody-owns-this.agent' }),
    'POST /checkout/:domain': () => ({ method: 'POST', url: '/checkout/nobody-owns-this.agent', payload: {} }),
    'GET /api/v1/domains/:domain_name/auto-renew': () => ({
      method: 'GET',
      url: `/api/v1/domains/${names.alice}/auto-renew`,
    }),
    'PUT /api/v1/domains/:domain_name/auto-renew': () => ({
      method: 'PUT',
      url: `/api/v1/domains/${names.alice}/auto-renew`,
      payload: { enabled: false },
    }),
    'POST /api/v1/webhooks/subscribe': () => ({
      method: 'POST',
      url: '/api/v1/webhooks/subscribe',
      payload: { target_url: 'https://10.0.0.1/hook', events: ['domain.registered'] },
    }),
    'GET /api/v1/webhooks': () => ({ method: 'GET', url: '/api/v1/webhooks' }),
    'GET /api/v1/webhooks/:subscription_id': () => ({ method: 'GET', url: `/api/v1/webhooks/${NO_SUBSCRIPTION}` }),
    'DELETE /api/v1/webhooks/:subscription_id': () => ({
      method: 'DELETE',
      url: `/api/v1/webhooks/${NO_SUBSCRIPTION}`,
    }),
    'POST /api/v1/webhooks/:subscription_id/enable': () => ({
      method: 'POST',
      url: `/api/v1/webhooks/${NO_SUBSCRIPTION}/enable`,
    }),
    'POST /api/v1/webhooks/:subscription_id/ping': () => ({
      method: 'POST',
      url: `/api/v1/webhooks/${NO_SUBSCRIPTION}/ping`,
    }),
    'GET /api/v1/webhooks/:subscription_id/events': () => ({
      method: 'GET',
      url: `/api/v1/webhooks/${NO_SUBSCRIPTION}/events`,
    }),
    'GET /api/v1/webhooks/:subscription_id/deliveries': () => ({
      method: 'GET',
      url: `/api/v1/webhooks/${NO_SUBSCRIPTION}/deliveries`,
    }),
    'POST /api/v1/webhooks/:subscription_id/deliveries/:event_id/redeliver': () => ({
      method: 'POST',
      url: `/api/v1/webhooks/${NO_SUBSCRIPTION}/deliveries/${NO_SUBSCRIPTION}/redeliver`,
    }),
    'POST /api/v1/webhooks/:subscription_id/rotate-secret': () => ({
      method: 'POST',
      url: `/api/v1/webhooks/${NO_SUBSCRIPTION}/rotate-secret`,
      payload: {},
    }),
    // Profile edits that change nothing (an empty patch, removing what is not there) or meet an unknown name.
    'PATCH /api/v1/domains/:domain_name/profile': () => ({
      method: 'PATCH',
      url: `/api/v1/domains/${names.alice}/profile`,
      payload: {},
    }),
    'PUT /api/v1/domains/:domain_name/skill.md': () => ({
      method: 'PUT',
      url: '/api/v1/domains/nobody-owns-this.agent/skill.md',
      payload: '# skill',
    }),
    'DELETE /api/v1/domains/:domain_name/skill.md': () => ({
      method: 'DELETE',
      url: `/api/v1/domains/${names.alice}/skill.md`,
    }),
    'PUT /api/v1/domains/:domain_name/storefront': () => ({
      method: 'PUT',
      url: '/api/v1/domains/nobody-owns-this.agent/storefront',
      payload: { provider: 'shopify', storefront_id: 'sf-1', feed_url: 'https://shop.example/feed.json' },
    }),
    'DELETE /api/v1/domains/:domain_name/storefront': () => ({
      method: 'DELETE',
      url: `/api/v1/domains/${names.alice}/storefront`,
    }),
    // Listing an unknown name, withdrawing a listing that is not there: refused, nothing changes.
    'PUT /api/v1/domains/:domain_name/listing': () => ({
      method: 'PUT',
      url: '/api/v1/domains/nobody-owns-this.agent/listing',
      payload: { price: { gems: 500 } },
    }),
    'DELETE /api/v1/domains/:domain_name/listing': () => ({
      method: 'DELETE',
      url: `/api/v1/domains/${names.alice}/listing`,
    }),
    'POST /api/v1/domains/:domain_name/reset-lock': () => ({
      method: 'POST',
      url: `/api/v1/domains/${names.alice}/reset-lock`,
    }),
    'GET /api/v1/domains/:domain_name/records': () => ({
      method: 'GET',
      url: `/api/v1/domains/${names.alice}/records`,
    }),
    'PATCH /api/v1/domains/:domain_name/records': () => ({
      method: 'PATCH',
      url: `/api/v1/domains/${names.alice}/records`,
      payload: { records: [{ type: 'TXT', name: '@', content: 'access-check' }] },
    }),
    'POST /api/v1/domains/:domain_name/enable_dns': () => ({
      method: 'POST',
      url: `/api/v1/domains/${names.alice}/enable_dns`,
    }),
    'GET /api/v1/audit': () => ({ method: 'GET', url: '/api/v1/audit' }),
    'GET /api/v1/audit/export': () => ({
      method: 'GET',
      url: '/api/v1/audit/export?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z',
    }),
    'POST /api/v1/batch': () => ({
      method: 'POST',
      url: '/api/v1/batch',
      payload: { operations: [{ op: 'lock', domain: names.alice }] },
    }),
    'GET /api/v1/domains/:domain_name/lock': () => ({ method: 'GET', url: `/api/v1/domains/${names.alice}/lock` }),
    'POST /api/v1/domains/:domain_name/lock': () => ({ method: 'POST', url: `/api/v1/domains/${names.alice}/lock` }),
    'POST /api/v1/domains/:domain_name/unlock': () => ({
      method: 'POST',
      url: `/api/v1/domains/${names.alice}/unlock`,
    }),
    'POST /api/v1/domains/:domain_name/unlock/approve': () => ({
      method: 'POST',
      url: `/api/v1/domains/${names.alice}/unlock/approve`,
    }),
    'POST /api/v1/domains/:domain_name/unlock/cancel': () => ({
      method: 'POST',
      url: `/api/v1/domains/${names.alice}/unlock/cancel`,
    }),
    'POST /api/v1/domains/:domain_name/erc8004': () => ({
      method: 'POST',
      url: `/api/v1/domains/${names.alice}/erc8004`,
      payload: { payment_method: 'gems' },
    }),
    'GET /api/v1/domains/:domain_name/registration': () => ({
      method: 'GET',
      url: `/api/v1/domains/${names.alice}/registration`,
    }),
    'GET /api/agent/register-status/:order_id': () => ({
      method: 'GET',
      url: '/api/agent/register-status/no-such-order',
    }),
    'POST /api/agent/register-status/:order_id/reconcile': () => ({
      method: 'POST',
      url: '/api/agent/register-status/no-such-order/reconcile',
    }),
    // The A2A endpoint: the same call in a message, refused by the same business rule (a failed task).
    'POST /a2a': () => ({
      method: 'POST',
      url: '/a2a',
      headers: { 'a2a-version': '1.0' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: {
          message: {
            messageId: 'access-sample',
            role: 'ROLE_USER',
            parts: [
              {
                data: {
                  tool: 'register_domain',
                  arguments: { domain: 'admin', namespace: 'agent', years: 1, agreed_to_terms: true },
                },
              },
            ],
          },
        },
      },
    }),
    // The MCP endpoint: registering a reserved name through its tool, refused by the same business rule.
    'POST /mcp': () => ({
      method: 'POST',
      url: '/mcp',
      headers: { accept: 'application/json, text/event-stream' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'register_domain',
          arguments: { domain: 'admin', namespace: 'agent', years: 1, agreed_to_terms: true },
        },
      },
    }),
    // Teams: a team nobody has, an invitation nobody made, a name nobody can take: refused alike, nothing changed.
    'GET /api/v1/teams': () => ({ method: 'GET', url: '/api/v1/teams' }),
    'POST /api/v1/teams': () => ({ method: 'POST', url: '/api/v1/teams', payload: { name: '' } }),
    'POST /api/v1/teams/invitations/accept': () => ({
      method: 'POST',
      url: '/api/v1/teams/invitations/accept',
      payload: { token: 'no-such-invitation-token-000' },
    }),
    'GET /api/v1/teams/:team_id': () => ({ method: 'GET', url: `/api/v1/teams/${NO_TEAM}` }),
    'DELETE /api/v1/teams/:team_id': () => ({ method: 'DELETE', url: `/api/v1/teams/${NO_TEAM}` }),
    'POST /api/v1/teams/:team_id/invitations': () => ({
      method: 'POST',
      url: `/api/v1/teams/${NO_TEAM}/invitations`,
      payload: { role: 'auditor' },
    }),
    'GET /api/v1/teams/:team_id/invitations': () => ({ method: 'GET', url: `/api/v1/teams/${NO_TEAM}/invitations` }),
    'DELETE /api/v1/teams/:team_id/invitations/:invitation_id': () => ({
      method: 'DELETE',
      url: `/api/v1/teams/${NO_TEAM}/invitations/${NO_TEAM}`,
    }),
    'PATCH /api/v1/teams/:team_id/members/:account_id': () => ({
      method: 'PATCH',
      url: `/api/v1/teams/${NO_TEAM}/members/${NO_TEAM}`,
      payload: { role: 'auditor' },
    }),
    'DELETE /api/v1/teams/:team_id/members/:account_id': () => ({
      method: 'DELETE',
      url: `/api/v1/teams/${NO_TEAM}/members/${NO_TEAM}`,
    }),
    'POST /api/v1/teams/:team_id/move-in': () => ({ method: 'POST', url: `/api/v1/teams/${NO_TEAM}/move-in` }),
    'POST /api/v1/teams/:team_id/gems': () => ({
      method: 'POST',
      url: `/api/v1/teams/${NO_TEAM}/gems`,
      payload: { amount: 1, direction: 'to_team' },
    }),
    'POST /api/v1/command': () => ({
      method: 'POST',
      url: '/api/v1/command',
      payload: { action: 'renew_domain', mode: 'dry_run', params: { domain: names.alice, years: 1 } },
    }),
  };
  const protectedRoutes = Object.keys(accessRules).filter((k) => (accessRules[k] ?? []).length > 0);
  const anonymousRoutes = protectedRoutes.filter((k) => accessRules[k]?.includes('anonymous'));
  const credentialRoutes = protectedRoutes.filter((k) => !anonymousRoutes.includes(k));
  const publicRoutes = Object.keys(accessRules).filter((k) => (accessRules[k] ?? []).length === 0);
  const call = (route: string, headers: Record<string, string> = {}) => {
    const sample = (samples[route] as () => Req)();
    return t.app.inject({ ...sample, headers: { ...(sample.headers as Record<string, string>), ...headers } });
  };
  // The command endpoint answers in its own envelope (spec 7): `{ success: false, error: { code, message } }`.
  type Refusal = { code?: string; message?: string };
  // The MCP endpoint answers a tool's refusal as a tool error whose text is the API's error body.
  type McpResult = { result?: { isError?: boolean; content?: { text?: string }[] } };
  // The A2A endpoint answers it as a task (or message) whose status message holds the API's error body.
  type A2aResult = { result?: { task?: { status?: { message?: { parts?: { data?: Refusal }[] } } } } };
  const refusal = (res: { json(): Refusal & { error?: Refusal } & McpResult & A2aResult }): Refusal => {
    const body = res.json();
    const toolError = body.result?.isError
      ? (JSON.parse(body.result.content?.[0]?.text ?? '{}') as Refusal)
      : undefined;
    const a2aError = body.result?.task?.status?.message?.parts?.find((p) => p.data?.code)?.data;
    return body.error ?? toolError ?? a2aError ?? body;
  };
  const codeOf = (res: { json(): Refusal & { error?: Refusal } }) => refusal(res).code;

  beforeAll(async () => {
    idp = await startTestOidc();
    t = await buildTestApp({ OIDC_ISSUER: idp.issuer });
    const expiring = await idp.mintAccessToken('alice', { ttlSeconds: 1 });

    creds.bearer = { authorization: `Bearer ${await idp.mintAccessToken('alice')}` };
    creds.bob_bearer = { authorization: `Bearer ${await idp.mintAccessToken('bob')}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: creds.bearer });
    aliceId = me.json().account.account_id;
    const session = await humanWithSession(t.app, t.db.orm, 'alice', idp.issuer);
    expect(session.accountId).toBe(aliceId);
    creds.session = { cookie: session.cookie };

    const agent = await provision(t.app);
    creds.agent_key = { 'x-api-key': agent.api_key };
    const live = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      payload: { key_class: 'live' },
      headers: creds.bearer,
    });
    creds.live_key = { 'x-api-key': live.json().api_key };
    const doomed = await provision(t.app);
    await t.app.inject({ method: 'POST', url: '/oauth2/revoke', payload: { token: doomed.api_key } });
    creds.revoked_key = { 'x-api-key': doomed.api_key };

    const em = t.db.orm.em.fork();
    const bobId = (await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: creds.bob_bearer })).json()
      .account.account_id;
    const carol = await provision(t.app);
    names.alice = (
      await createDomain(t.db.orm, {
        label: randomLabel('alice'),
        namespace: 'agent',
        owner: { id: aliceId } as never,
        // Published records that name bob must never open this domain to him.
        profile: {
          did: `did:web:bob.example#${bobId}`,
          matrix: '@bob:matrix.example',
          dns_txt: [`registry-owner=${bobId}`],
          owner_id: bobId,
        },
      })
    ).name;
    names.bob = (
      await createDomain(t.db.orm, { label: randomLabel('bob'), namespace: 'agent', owner: { id: bobId } as never })
    ).name;
    names.carol = (
      await createDomain(t.db.orm, {
        label: randomLabel('carol'),
        namespace: 'agent',
        owner: { id: carol.account_id } as never,
      })
    ).name;

    const org = await ops.createOrganization(em, randomLabel('org'));
    orgId = org.organization_id;
    await ops.setMember(em, orgId, bobId, true);
    await ops.addCustomer(em, orgId, carol.account_id);
    const orgRoutes = Object.keys(accessRules).filter((k) => accessRules[k]?.includes('org_key'));
    const key = await ops.createOrgKey(em, orgId, bobId, {
      routes: orgRoutes,
      customers: null,
      domains: null,
      namespaceOps: { agent: ['read'] },
    });
    creds.org_key = { 'x-api-key': key.api_key };

    await new Promise((r) => setTimeout(r, 2500));
    creds.expired_bearer = { authorization: `Bearer ${expiring}` };
  });

  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  it('gives every dashboard page the page rule: a browser session, else sign-in', () => {
    const pages = declaredRoutes.filter((r) => isDashboardPage(r.url));
    expect(pages.length).toBeGreaterThan(0);
    for (const r of pages)
      expect({ route: `${r.method} ${r.url}`, access: r.config.access }).toEqual({
        route: `${r.method} ${r.url}`,
        access: ['session', 'anonymous'],
      });
  });

  it('has a sample request for every protected route, and every declared route is a live route', () => {
    expect(Object.keys(samples).sort()).toEqual([...protectedRoutes].sort());
    for (const row of Object.keys(accessRules)) {
      const [method, url] = row.split(' ') as [string, string];
      if (url === '/internal/bench/domain/:id') continue; // registered only when BENCH_ROUTES=true
      expect({ row, registered: t.app.hasRoute({ method: method as 'GET', url }) }).toEqual({ row, registered: true });
    }
  });

  it('says what spec 5 rule 7 and the README access decisions say', () => {
    const account = ['agent_key', 'live_key', 'bearer', 'session'];
    const expected: Record<string, string[]> = {
      'GET /api/v1/agents/me': account,
      'PUT /api/v1/agents/me/payout-address': account,
      'POST /api/v1/agents/claim': ['bearer', 'session'],
      'GET /api/v1/agents': ['bearer', 'session'],
      'GET /api/v1/agents/me/balance': account,
      'DELETE /api/v1/agents/:agent_id/keys/:key_id': ['bearer', 'session'],
      'PUT /api/v1/agents/:agent_id/mandate': ['bearer', 'session'],
      'GET /api/v1/agents/:agent_id/mandate': account,
      'DELETE /api/v1/agents/:agent_id/mandate': ['bearer', 'session'],
      'GET /api/v1/agents/:agent_id/mandate/history': account,
      'GET /api/v1/approvals': account,
      'GET /api/v1/approvals/:approval_id': account,
      'POST /api/v1/approvals/:approval_id/approve': ['bearer', 'session'],
      'POST /api/v1/approvals/:approval_id/refuse': ['bearer', 'session'],
      'GET /api/v1/checkouts': account,
      'GET /api/v1/keys': ['bearer', 'session'],
      'POST /api/v1/keys': ['bearer', 'session'],
      'POST /api/v1/webhooks/subscribe': ['agent_key', 'live_key', 'dashboard'],
      'GET /api/v1/webhooks': account,
      'GET /api/v1/webhooks/:subscription_id': account,
      'DELETE /api/v1/webhooks/:subscription_id': ['agent_key', 'live_key', 'dashboard'],
      'POST /api/v1/webhooks/:subscription_id/rotate-secret': ['agent_key', 'live_key', 'dashboard'],
      'POST /api/v1/webhooks/:subscription_id/enable': ['agent_key', 'live_key', 'dashboard'],
      'POST /api/v1/webhooks/:subscription_id/ping': ['agent_key', 'live_key', 'dashboard'],
      'GET /api/v1/webhooks/:subscription_id/deliveries': account,
      'GET /api/v1/webhooks/:subscription_id/events': account,
      'POST /api/v1/webhooks/:subscription_id/deliveries/:event_id/redeliver': ['agent_key', 'live_key', 'dashboard'],
      'DELETE /api/v1/keys/:key_id': ['bearer', 'session'],
      // Teams are people's: a bearer token or a session, never a key (docs/teams.md "Organizations").
      ...Object.fromEntries(
        [
          'GET /api/v1/teams',
          'POST /api/v1/teams',
          'POST /api/v1/teams/invitations/accept',
          'GET /api/v1/teams/:team_id',
          'DELETE /api/v1/teams/:team_id',
          'POST /api/v1/teams/:team_id/invitations',
          'GET /api/v1/teams/:team_id/invitations',
          'DELETE /api/v1/teams/:team_id/invitations/:invitation_id',
          'PATCH /api/v1/teams/:team_id/members/:account_id',
          'DELETE /api/v1/teams/:team_id/members/:account_id',
          'POST /api/v1/teams/:team_id/move-in',
          'POST /api/v1/teams/:team_id/gems',
        ].map((r) => [r, ['bearer', 'session']]),
      ),
      'GET /api/v1/user/domains': ['bearer', 'dashboard'],
      'GET /api/v1/domains': [...account, 'org_key'],
      'GET /api/v1/domains/:domain_name': [...account, 'org_key'],
      'GET /api/v1/domains/activity': account,
      'POST /api/v1/domains/transfer': [...account, 'org_key'],
      'PATCH /api/v1/domains/:domain_name/profile': [...account, 'org_key'],
      'PUT /api/v1/domains/:domain_name/skill.md': [...account, 'org_key'],
      'DELETE /api/v1/domains/:domain_name/skill.md': [...account, 'org_key'],
      'PUT /api/v1/domains/:domain_name/storefront': [...account, 'org_key'],
      'DELETE /api/v1/domains/:domain_name/storefront': [...account, 'org_key'],
      'PUT /api/v1/domains/:domain_name/listing': [...account, 'org_key'],
      'DELETE /api/v1/domains/:domain_name/listing': [...account, 'org_key'],
      'POST /api/v1/domains/register': [...account, 'org_key', 'anonymous'],
      'POST /api/v1/renew': [...account, 'org_key', 'anonymous'],
      'POST /api/v1/domains/buy-secondary': [...account, 'org_key', 'anonymous'],
      'POST /api/v1/domains/make-offer': account,
      'GET /api/v1/domains/offers': account,
      'GET /api/v1/domains/listings': account,
      'GET /api/v1/domains/sales': account,
      'POST /api/v1/domains/offers/:offer_id/respond': account,
      'POST /api/v1/domains/offers/:offer_id/withdraw': account,
      'POST /api/v1/domains/offers/:offer_id/pay': account,
      'GET /checkout/:domain': ['session', 'anonymous'],
      'POST /checkout/:domain': ['session'],
      'GET /api/v1/domains/:domain_name/auto-renew': [...account, 'org_key'],
      'PUT /api/v1/domains/:domain_name/auto-renew': account,
      'POST /api/v1/domains/:domain_name/reset-lock': account,
      'GET /api/v1/domains/:domain_name/records': ['bearer', 'dashboard'],
      'PATCH /api/v1/domains/:domain_name/records': ['bearer', 'dashboard'],
      'POST /api/v1/domains/:domain_name/enable_dns': account,
      'POST /api/v1/domains/:domain_name/erc8004': [...account, 'org_key'],
      'POST /api/v1/batch': [...account, 'org_key'],
      'GET /api/v1/audit': account,
      'GET /api/v1/audit/export': account,
      'GET /api/v1/domains/:domain_name/lock': [...account, 'org_key'],
      'POST /api/v1/domains/:domain_name/lock': [...account, 'org_key'],
      'POST /api/v1/domains/:domain_name/unlock': [...account, 'org_key'],
      'POST /api/v1/domains/:domain_name/unlock/approve': ['bearer', 'session'],
      'POST /api/v1/domains/:domain_name/unlock/cancel': [...account, 'org_key'],
      'GET /api/v1/domains/:domain_name/registration': account,
      'GET /api/agent/register-status/:order_id': account,
      'POST /api/agent/register-status/:order_id/reconcile': account,
      'POST /api/v1/command': ['bearer', 'session'],
      'POST /mcp': ['agent_key', 'live_key', 'bearer', 'org_key', 'anonymous'],
      'POST /a2a': ['agent_key', 'live_key', 'bearer', 'org_key', 'anonymous'],
    };
    expect(Object.fromEntries(protectedRoutes.map((r) => [r, [...(accessRules[r] ?? [])]]))).toEqual(expected);
    for (const r of [
      'GET /api/v1/lookup/:domain_name',
      'GET /api/v1/domains/:domain_name/shop-status',
      'GET /api/v1/domains/for-sale',
      'GET /api/v1/domains/sold',
      'GET /rdap/domain/:name',
      'GET /rdap/help',
      'POST /api/v1/agents/provision',
      'POST /oauth2/revoke',
    ]) {
      expect(publicRoutes).toContain(r);
    }
  });

  it('refuses to start when a route declares no access rule', async () => {
    const app = Fastify();
    registerAccessControl(
      app,
      t.db.orm,
      {
        bearer: {
          verify: async () => {
            throw new Error('unused');
          },
        },
        sessionCookie: 's',
      },
      async () => {},
      crossSiteRule('https://registry.test'),
    );
    expect(() => app.get('/api/v1/not-in-the-table', async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });

  it.each(anonymousRoutes)('%s also runs without a credential (identity from the payment)', async (route) => {
    const res = await call(route);
    // The sample is refused by a business rule (a reserved or unknown name), never by the access check.
    const expected =
      {
        'POST /api/v1/renew': 'domain_not_found',
        'POST /api/v1/domains/buy-secondary': 'not_listed',
        'GET /checkout/:domain': 'not_listed',
      }[route] ?? 'name_reserved';
    expect(codeOf(res)).toBe(expected);
  });

  it.each(credentialRoutes)('%s without a credential is 401 unauthorized', async (route) => {
    const res = await call(route);
    expect(res.statusCode).toBe(401);
    expect(codeOf(res)).toBe('unauthorized');
    const envelope = route === 'POST /api/v1/command' ? { success: false } : { status: 'error' };
    expect(res.json()).toMatchObject(envelope);
    expect(res.headers['www-authenticate']).toBeDefined();
  });

  it.each(protectedRoutes)('%s with a revoked key is 401 invalid_credential', async (route) => {
    const res = await call(route, creds.revoked_key);
    expect(res.statusCode).toBe(401);
    expect(codeOf(res)).toBe('invalid_credential');
  });

  it.each(protectedRoutes)('%s with an expired bearer token is 401 invalid_credential', async (route) => {
    const res = await call(route, creds.expired_bearer);
    expect(res.statusCode).toBe(401);
    expect(refusal(res)).toMatchObject({ code: 'invalid_credential', message: expect.stringMatching(/expired/) });
  });

  it.each(protectedRoutes)('%s accepts exactly the credential kinds of its row', async (route) => {
    for (const kind of credentialKinds) {
      const res = await call(route, creds[kind] as Record<string, string>);
      const code = res.statusCode >= 400 ? codeOf(res) : 'ok';
      const accepted = (accessRules[route] ?? []).includes(kind);
      if (accepted)
        expect({ kind, code }).not.toEqual({
          kind,
          code: expect.stringMatching(/^(unauthorized|invalid_credential|credential_not_accepted|route_not_allowed)$/),
        });
      else
        expect({ kind, status: res.statusCode, code }).toEqual({ kind, status: 403, code: 'credential_not_accepted' });
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it("tells an agent whose key a person's route refuses how its owner acts there (issue 51)", async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/domains/scout.agent/records',
      headers: creds.agent_key,
      payload: { records: [{ type: 'A', name: '@', content: '192.0.2.10' }] },
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'credential_not_accepted']);
    // Claim, then sign in: the steps and where each is, in the refusal itself.
    expect(res.json().message).toMatch(/claims the agent with its claim code.*Authorization: Bearer/);
    expect(res.json().details.how_to).toEqual({
      sign_in: '/auth/login',
      claim: expect.stringContaining('POST /api/v1/agents/claim'),
      dashboard: '/dashboard',
      bearer_token_issuer: '/.well-known/oauth-protected-resource',
    });
    const metadata = await t.app.inject({ method: 'GET', url: res.json().details.how_to.bearer_token_issuer });
    expect(metadata.json().authorization_servers).toHaveLength(1);
    // A live key (a person's own) is told only what the route accepts.
    const live = await t.app.inject({ method: 'GET', url: '/api/v1/user/domains', headers: creds.live_key });
    expect(live.json().details).toEqual({ accepts: ['bearer'] });
  });

  it.each(
    publicRoutes.filter(
      (r) =>
        !r.startsWith('GET /internal') &&
        !r.includes('/auth/') &&
        r !== 'POST /oauth2/revoke' &&
        r !== 'POST /api/v1/agents/provision',
    ),
  )('%s is public and ignores credentials', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = path
      .replace(':namespace', 'agent')
      .replace(':tld_name', 'agent')
      .replace(':domain_name', names.alice)
      .replace('/rdap/domain/:name', `/rdap/domain/${names.alice}`)
      .replace('/search', '/search?q=scout');
    const payload = method === 'POST' ? { domain: 'scout', namespace: 'agent', years: 1 } : undefined;
    for (const headers of [{}, creds.revoked_key, { 'x-api-key': 'garbage' }]) {
      const res = await t.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
      expect({ route, status: res.statusCode }).toEqual({ route, status: expect.any(Number) });
      expect([401, 403]).not.toContain(res.statusCode);
    }
  });

  describe('ownership', () => {
    const view = (name: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/v1/domains/${name}`, headers });

    it('opens a domain to its owner by every account credential, and to nobody else', async () => {
      for (const kind of ['bearer', 'session', 'live_key'] as const)
        expect((await view(names.alice, creds[kind])).statusCode).toBe(200);
      for (const other of [creds.bob_bearer, creds.agent_key]) {
        const res = await view(names.alice, other);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    });

    it('never lets published DNS, DID or Matrix records that name an account open the domain', async () => {
      const lookup = await t.app.inject({ method: 'GET', url: `/api/v1/lookup/${names.alice}` });
      expect(JSON.stringify(lookup.json().profile)).toContain('did:web:bob.example');
      expect((await view(names.alice, creds.bob_bearer)).statusCode).toBe(403);
    });

    it('lists only what the caller owns or manages', async () => {
      const list = async (url: string, headers: Record<string, string>) =>
        (await t.app.inject({ method: 'GET', url, headers })).json().data.map((d: { name: string }) => d.name);
      expect(await list('/api/v1/user/domains', creds.bearer)).toEqual([names.alice]);
      expect(await list('/api/v1/user/domains', creds.bob_bearer)).toEqual([names.bob]);
      expect(await list('/api/v1/domains', creds.session)).toEqual([names.alice]);
      expect(await list('/api/v1/domains', creds.agent_key)).toEqual([]);
      expect(await list('/api/v1/domains', creds.org_key)).toEqual([names.carol]);
    });

    it('describes each caller as itself', async () => {
      const id = async (h: Record<string, string>) =>
        (await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: h })).json().account.account_id;
      expect(await id(creds.bearer)).toBe(aliceId);
      expect(await id(creds.session)).toBe(aliceId);
      expect(await id(creds.live_key)).toBe(aliceId);
      expect(await id(creds.bob_bearer)).not.toBe(aliceId);
    });
  });

  describe('organization credentials', () => {
    it("reach the organization's customers only, within the namespace-operation policy", async () => {
      const view = (name: string, h = creds.org_key) =>
        t.app.inject({ method: 'GET', url: `/api/v1/domains/${name}`, headers: h });
      expect((await view(names.carol)).statusCode).toBe(200);
      expect((await view(names.alice)).statusCode).toBe(403);
      expect((await view(names.bob)).statusCode).toBe(403); // the member's own domain is not a customer's

      const em = t.db.orm.em.fork();
      const member = (await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: creds.bob_bearer })).json()
        .account.account_id;
      const route = 'GET /api/v1/domains/:domain_name';
      const noRead = await ops.createOrgKey(em, orgId, member, {
        routes: [route],
        customers: null,
        domains: null,
        namespaceOps: { agent: ['renew'] },
      });
      expect((await view(names.carol, { 'x-api-key': noRead.api_key })).statusCode).toBe(403);
      const otherDomain = await ops.createOrgKey(em, orgId, member, {
        routes: [route],
        customers: null,
        domains: ['zzz.agent'],
        namespaceOps: { agent: ['read'] },
      });
      expect((await view(names.carol, { 'x-api-key': otherDomain.api_key })).statusCode).toBe(403);
      const otherCustomer = await ops.createOrgKey(em, orgId, member, {
        routes: [route],
        customers: [member],
        domains: null,
        namespaceOps: { agent: ['read'] },
      });
      expect((await view(names.carol, { 'x-api-key': otherCustomer.api_key })).statusCode).toBe(403);
    });

    it('are limited to their endpoint allowlist', async () => {
      const em = t.db.orm.em.fork();
      const member = (await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: creds.bob_bearer })).json()
        .account.account_id;
      const narrow = await ops.createOrgKey(em, orgId, member, {
        routes: ['GET /api/v1/domains'],
        customers: null,
        domains: null,
        namespaceOps: { agent: ['read'] },
      });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/domains/${names.carol}`,
        headers: { 'x-api-key': narrow.api_key },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('route_not_allowed');
      await expect(
        ops.createOrgKey(em, orgId, member, {
          routes: ['GET /api/v1/keys'],
          customers: null,
          domains: null,
          namespaceOps: {},
        }),
      ).rejects.toThrow(/not open to organization credentials/);
    });

    it('stop working when the membership ends, or when revoked', async () => {
      const em = t.db.orm.em.fork();
      const member = (await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: creds.bob_bearer })).json()
        .account.account_id;
      const k = await ops.createOrgKey(em, orgId, member, {
        routes: ['GET /api/v1/domains'],
        customers: null,
        domains: null,
        namespaceOps: { agent: ['read'] },
      });
      const list = () => t.app.inject({ method: 'GET', url: '/api/v1/domains', headers: { 'x-api-key': k.api_key } });
      expect((await list()).statusCode).toBe(200);
      await ops.setMember(em, orgId, member, false);
      expect((await list()).statusCode).toBe(401);
      await ops.setMember(em, orgId, member, true);
      expect((await list()).statusCode).toBe(200);
      await ops.revokeOrgKey(em, k.credential_id);
      expect((await list()).statusCode).toBe(401);
    });

    it('are not accepted by /agents/me and not revoked by /oauth2/revoke', async () => {
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: creds.org_key });
      expect(me.statusCode).toBe(403);
      expect(me.json().code).toBe('credential_not_accepted');
      const payout = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/agents/me/payout-address',
        headers: creds.org_key,
        payload: { address: '0x8ba1f109551bd432803012645ac136ddd64dba72' },
      });
      expect([payout.statusCode, payout.json().code]).toEqual([403, 'credential_not_accepted']);
      await t.app.inject({ method: 'POST', url: '/oauth2/revoke', payload: { token: creds.org_key['x-api-key'] } });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/domains', headers: creds.org_key })).statusCode).toBe(
        200,
      );
    });
  });

  // Each role of a team against every route a person's bearer token reaches, generated from the declared
  // routes as the table above is (docs/teams.md "Roles"): refused with role_not_allowed exactly where the
  // route's area is not the role's, and never refused for the role where it is.
  describe('team roles', () => {
    const teamOf = {} as Record<TeamRole, string>;
    const declared = new Map(declaredRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    const bearerRoutes = protectedRoutes.filter((k) => accessRules[k]?.includes('bearer'));

    beforeAll(async () => {
      const as = (headers: Record<string, string>, method: 'POST' | 'GET', url: string, payload?: object) =>
        t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      for (const role of teamRoles) {
        // Alice owns her own team; bob makes the others and invites her with each other role.
        const maker = role === 'owner' ? creds.bearer : creds.bob_bearer;
        const made = await as(maker, 'POST', '/api/v1/teams', { name: `roles ${role}` });
        expect(made.statusCode).toBe(200);
        teamOf[role] = made.json().team.id;
        if (role === 'owner') continue;
        const invited = await as(maker, 'POST', `/api/v1/teams/${teamOf[role]}/invitations`, { role });
        const joined = await as(creds.bearer, 'POST', '/api/v1/teams/invitations/accept', {
          token: invited.json().token,
        });
        expect(joined.json()).toMatchObject({ role, already_member: false });
      }
    });

    it('covers every route a person reaches', () => {
      expect(bearerRoutes.length).toBeGreaterThan(40);
      for (const r of bearerRoutes) {
        const d = declared.get(r)!;
        expect({ r, area: teamAreaOf(d.method, d.url, d.config) }).toEqual({ r, area: expect.any(String) });
      }
    });

    it.each(bearerRoutes)('%s is refused to exactly the roles its area excludes', async (route) => {
      const d = declared.get(route)!;
      const area = teamAreaOf(d.method, d.url, d.config)!;
      for (const role of teamRoles) {
        const res = await call(route, { ...creds.bearer, 'x-team-id': teamOf[role] });
        const code = res.statusCode >= 400 ? codeOf(res) : 'ok';
        if (roleAllows(role, area)) expect({ role, area, code }).not.toEqual({ role, area, code: 'role_not_allowed' });
        else
          expect({ role, area, status: res.statusCode, code }).toEqual({
            role,
            area,
            status: 403,
            code: 'role_not_allowed',
          });
        expect(res.statusCode).toBeLessThan(500);
      }
    });

    it('refuses a team the person is not in, and a team header beside a key', async () => {
      const stranger = await t.app.inject({
        method: 'GET',
        url: '/api/v1/domains',
        headers: { ...creds.bob_bearer, 'x-team-id': teamOf.owner },
      });
      expect({ status: stranger.statusCode, code: codeOf(stranger) }).toEqual({ status: 403, code: 'not_a_member' });
      const keyed = await t.app.inject({
        method: 'GET',
        url: '/api/v1/domains',
        headers: { ...creds.agent_key, 'x-team-id': teamOf.owner },
      });
      expect({ status: keyed.statusCode, code: codeOf(keyed) }).toEqual({ status: 400, code: 'invalid_request' });
      const malformed = await t.app.inject({
        method: 'GET',
        url: '/api/v1/domains',
        headers: { ...creds.bearer, 'x-team-id': 'not-a-uuid' },
      });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('bearer tokens', () => {
    it('map to one local account created on first use', async () => {
      const token = await idp.mintAccessToken(randomLabel('dora'));
      const first = await t.app.inject({
        method: 'GET',
        url: '/api/v1/agents/me',
        headers: { authorization: `Bearer ${token}` },
      });
      const second = await t.app.inject({
        method: 'GET',
        url: '/api/v1/agents/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(first.json().account).toMatchObject({ kind: 'human', assurance: null });
      expect(second.json().account.account_id).toBe(first.json().account.account_id);
    });

    it('refuse a tampered token', async () => {
      const bad = `${creds.bearer.authorization ?? ''}`.slice(0, -4) + 'AAAA';
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: { authorization: bad } });
      expect(res.statusCode).toBe(401);
    });
  });
});
