import { Account } from '../../src/db/entities/index.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { declaredAccessRule } from '../../src/server/declared.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { createDomain, randomLabel } from './fixtures.ts';
import { humanWithSession, provision } from './identities.ts';
import { startTestOidc } from './oidc.ts';

type CredentialKind = 'agent_key' | 'bearer' | 'session';

/**
 * What a test needs to send one bad input to every operation of the served OpenAPI document (NUL
 * characters, bodies that are not UTF-8) and show that each is refused and nothing changed: an app with
 * a credential of each kind the routes take, a name the agent owns for the path values, the document,
 * and a digest of every table.
 */
export interface InputWalk<Doc> {
  t: TestApp;
  doc: Doc;
  creds: Record<CredentialKind, Record<string, string>>;
  /** A name the agent (`creds.agent_key`) owns, in the `agent` namespace. */
  owned: string;
  /** A credential the route takes (`/a/{b}` or `/a/:b`), so the request gets past authentication. */
  credentialFor(method: string, path: string): Record<string, string>;
  /** A path parameter's value: the owned name, the namespace, or a token for anything else. */
  pathValue(param: string): string;
  /**
   * Every row of every table, as one digest per table: what "nothing was changed" compares. A key's
   * last use is left out: authentication stamps it, and the input rules run after authentication.
   */
  snapshot(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** Builds the app and its identities; `label` prefixes the names it makes. Close it in `afterAll`. */
export async function startInputWalk<Doc>(label: string): Promise<InputWalk<Doc>> {
  const idp = await startTestOidc();
  const t = await buildTestApp({ OIDC_ISSUER: idp.issuer }).catch(async (err: unknown) => {
    await idp.stop();
    throw err;
  });
  try {
    return await walkOver<Doc>(t, idp, label);
  } catch (err) {
    await t.close();
    await idp.stop();
    throw err;
  }
}

async function walkOver<Doc>(t: TestApp, idp: DevOidcProvider, label: string): Promise<InputWalk<Doc>> {
  const agent = await provision(t.app);
  const bearer = { authorization: `Bearer ${await idp.mintAccessToken(randomLabel(label))}` };
  // A bearer token's first use creates its account: done here, before a walk compares the tables.
  await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: bearer });
  const creds = {
    agent_key: { 'x-api-key': agent.api_key },
    bearer,
    session: { cookie: (await humanWithSession(t.app, t.db.orm, randomLabel(label), idp.issuer)).cookie },
  };
  const owner = await t.db.orm.em.fork().findOneOrFail(Account, { id: agent.account_id });
  const owned = (await createDomain(t.db.orm, { label: randomLabel(label), namespace: 'agent', owner })).name;
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<Doc>();

  return {
    t,
    doc,
    creds,
    owned,
    credentialFor(method, path) {
      const rule = declaredAccessRule(method, path.replace(/\{(\w+)\}/g, ':$1')) ?? [];
      const kind = (['agent_key', 'bearer', 'session'] as const).find((k) => rule.includes(k));
      return kind ? creds[kind] : {};
    },
    pathValue: (param) =>
      ['domain_name', 'domain', 'name'].includes(param)
        ? owned
        : ['tld_name', 'namespace'].includes(param)
          ? 'agent'
          : 'x1',
    async snapshot() {
      const conn = t.db.orm.em.fork().getConnection();
      const tables = (await conn.execute<{ name: string }[]>(
        `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
      )) as { name: string }[];
      const out: Record<string, string> = {};
      for (const { name } of tables) {
        const [row] = await conn.execute<{ d: string }[]>(
          `select md5(coalesce(string_agg(r, ',' order by r), '')) as d
           from (select (to_jsonb(t) - 'last_used_at')::text as r from "${name}" t) rows`,
        );
        out[name] = row!.d;
      }
      return out;
    },
    async close() {
      await t.close();
      await idp.stop();
    },
  };
}
