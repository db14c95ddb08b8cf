import fp from 'fastify-plugin';
import { oidcLogin } from '../../api/routes/login.ts';
import { accountForIdentity, createSession, destroySession } from '../../auth/accounts.ts';
import { SESSION_COOKIE } from '../session-cookie.ts';

/** Browser login against the identity provider, when one is configured. */
export const loginPlugin = fp(
  async (app) => {
    const { login, orm, config } = app.deps;
    if (!login) return;
    await app.register(oidcLogin, {
      ...login,
      publicBaseUrl: config.publicBaseUrl,
      cookieName: SESSION_COOKIE,
      resolveAccount: ({ issuer, subject, claims }) =>
        accountForIdentity(orm.em.fork(), issuer, subject, typeof claims.name === 'string' ? claims.name : undefined),
      createSession: (accountId) => createSession(orm.em.fork(), accountId, config.SESSION_TTL_HOURS),
      destroySession: (id) => destroySession(orm.em.fork(), id),
    });
  },
  { name: 'login', dependencies: ['services', 'security', 'access-control'] },
);
