import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../src/db/orm.ts';
import { accountForIdentity, createSession } from '../../src/auth/accounts.ts';
import { SESSION_COOKIE } from '../../src/server/app.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { randomLabel } from './fixtures.ts';

/** Provisions an anonymous agent through the real endpoint. */
export async function provision(app: FastifyInstance) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/agents/provision', payload: {} });
  if (res.statusCode !== 200) throw new Error(`provision failed: ${res.statusCode} ${res.body}`);
  return res.json<{ account_id: string; api_key: string; key_id: string; claim_code: string }>();
}

/** A human account as the identity provider would create it, with a signed browser session cookie. */
export async function humanWithSession(app: FastifyInstance, orm: Orm, subject: string, issuer = 'https://idp.test') {
  const accountId = await accountForIdentity(orm.em.fork(), issuer, subject);
  const session = await createSession(orm.em.fork(), accountId, 1);
  return { accountId, cookie: `${SESSION_COOKIE}=${app.signCookie(session.id)}`, sessionId: session.id };
}

/**
 * A fresh agent claimed by the person whose session `cookie` is (their operator now), with `gems` granted
 * (none with 0): its account id and key header.
 */
export async function claimedAgent(app: FastifyInstance, orm: Orm, cookie: string, gems = 100_000) {
  const p = await provision(app);
  const claimed = await app.inject({
    method: 'POST',
    url: '/api/v1/agents/claim',
    headers: { cookie },
    payload: { claim_code: p.claim_code },
  });
  if (claimed.statusCode !== 200) throw new Error(`claim failed: ${claimed.statusCode} ${claimed.body}`);
  if (gems > 0)
    await grantGems(orm.em.fork(), { accountId: p.account_id, amount: gems, reference: `grant:${randomLabel()}` });
  return { id: p.account_id, key: { 'x-api-key': p.api_key } };
}
