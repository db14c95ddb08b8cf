import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../src/db/orm.ts';
import { accountForIdentity, createSession } from '../../src/auth/accounts.ts';
import { SESSION_COOKIE } from '../../src/http/app.ts';

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
