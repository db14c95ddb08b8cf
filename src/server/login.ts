import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { auditContext } from '../db/audit-context.ts';
import { oidcLogin } from '../api/routes/login.ts';
import { accountForIdentity, createSession, destroySession } from '../auth/accounts.ts';
import { SESSION_COOKIE } from '../http/session-cookie.ts';

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
      // A sign-in is a change of the person's (docs/teams.md "Audit trail"), though it arrives on a GET.
      createSession: (accountId) =>
        auditContext.run(
          {
            requestId: randomUUID(),
            actorAccountId: accountId,
            credentialKind: 'session',
            credentialId: null,
            ip: null,
            action: 'sign-in',
            object: null,
            details: { params: {}, fields: [] },
          },
          () => createSession(orm.em.fork(), accountId, config.SESSION_TTL_HOURS),
        ),
      destroySession: (id) => destroySession(orm.em.fork(), id),
    });
  },
  { name: 'login', dependencies: ['services', 'security', 'access-control'] },
);
