import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/server/app.ts';
import { appDepsFromConfig } from '../../src/http/deps-from-config.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession } from '../helpers/identities.ts';

// Issue 49 part 3: an invitation link's token is a credential, as are a sign-in callback's code and state. The API's access log never carries it (not
// in the link's own request line, not in the sign-in's return_to, not in a 404 below it), and the sign-in
// redirect does not carry it either: the way back to the link rides in a cookie.
describe('invitation tokens stay out of logs and URLs', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    // The same app as the API entry builds, with a logger as the entry's at `info`, written here.
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    app = await buildApp(
      await appDepsFromConfig(t.config, {
        orm: t.db.orm,
        temporal: t.temporal,
        sessionSecret: 'test-session-secret-0123456789abcdef',
      }),
      logger,
    );
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('logs every request of an invitation link with its token redacted, and signs in without it in the URL', async () => {
    const owner = await humanWithSession(app, t.db.orm, `logs-owner-${randomLabel()}`);
    const teamId = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/teams',
        headers: { cookie: owner.cookie },
        payload: { name: 'Logs' },
      })
    ).json().team.id;
    const token = (
      await app.inject({
        method: 'POST',
        url: `/api/v1/teams/${teamId}/invitations`,
        headers: { cookie: owner.cookie },
        payload: { role: 'auditor' },
      })
    ).json().token as string;
    const link = `/dashboard/invitations/${token}`;

    // Signed out: off to sign in, the token in neither the redirect nor the sign-in's URL.
    const away = await app.inject({ method: 'GET', url: link });
    expect(away.statusCode).toBe(303);
    const location = String(away.headers.location);
    expect(location).toMatch(/^\/auth\/login\?return_to=/);
    expect(location).not.toContain(token);
    await app.inject({ method: 'GET', url: location });
    await app.inject({ method: 'GET', url: `/auth/login?return_to=${encodeURIComponent(link)}` });

    // Signed in, back where sign-in returns: on to the link, which the cookie set on the way out remembers.
    const joiner = await humanWithSession(app, t.db.orm, `logs-joiner-${randomLabel()}`);
    const kept = String(away.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const back = decodeURIComponent(location.split('return_to=')[1] ?? '');
    const returned = await app.inject({ method: 'GET', url: back, headers: { cookie: `${joiner.cookie}; ${kept}` } });
    expect([returned.statusCode, returned.headers.location]).toEqual([303, link]);
    const page = await app.inject({ method: 'GET', url: link, headers: { cookie: joiner.cookie } });
    expect(page.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `${link}/more`, headers: { cookie: joiner.cookie } });

    const logged = lines.join('');
    expect(logged).toContain('/dashboard/invitations/[redacted]');
    expect(logged).not.toContain(token);
  });

  it("logs a sign-in callback without its code and state (the identity provider's one-time credentials)", async () => {
    const code = `code-${randomLabel()}`;
    const state = `state-${randomLabel()}`;
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/auth/callback?code=${code}&state=${state}&iss=x` });
    const logged = lines.join('');
    expect(logged).toContain('/auth/callback?code=[redacted]&state=[redacted]&iss=x');
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(state);
  });
});
