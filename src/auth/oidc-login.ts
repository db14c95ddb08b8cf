import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import { errorBodySchema } from '../domain/error-body.ts';
import { AppError } from '../domain/errors.ts';

export interface OidcLoginOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Base of the browser-facing URLs; the redirect URI is `${publicBaseUrl}/auth/callback`. */
  publicBaseUrl: string;
  /** RFC 8707 resource indicator; sent only when it is an absolute URI, otherwise the provider's default applies. */
  resource: string;
  resolveAccount(identity: { issuer: string; subject: string; claims: Record<string, unknown> }): Promise<string>;
  createSession(accountId: string): Promise<{ id: string; expiresAt: Date }>;
  destroySession(sessionId: string): Promise<void>;
  cookieName?: string;
}

const TX_COOKIE = 'registry_oidc_tx';
const TX_MAX_AGE_SECONDS = 600;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const errors = { 400: errorBodySchema, 503: errorBodySchema };
const loginQuery = z.object({ return_to: z.string().max(2048).optional() });
const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
const txSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  returnTo: z.string().transform((v) => safeReturnTo(v)),
});

/**
 * Only same-site paths: one leading slash, never `//host` or `/\host` (browsers treat those as another
 * origin), and only printable ASCII — a control or non-Latin-1 character cannot go into a Location
 * header, so it would fail after the session was made. Anything else returns to the home page.
 */
export function safeReturnTo(value: string | undefined): string {
  return value && value.length <= 2048 && /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(value) ? value : '/';
}

/** Any failure of the sign-in flow as the refusal the browser is shown: 503 when the provider is down, else 400. */
function loginRefusal(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isUnreachable(err))
    return new AppError('idp_unavailable', 'The identity provider could not be reached; try again later.');
  return new AppError('login_failed', `Sign-in failed: ${(err as Error).message}`);
}

// Duck-typed: fetch's errors may come from another realm (e.g. a test sandbox), where instanceof fails.
function isUnreachable(err: unknown): boolean {
  for (
    let e = err as { name?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (
      e.name === 'TimeoutError' ||
      e.name === 'AbortError' ||
      (e.name === 'TypeError' && e.message === 'fetch failed')
    )
      return true;
  }
  return false;
}

/** Browser sign-in with the identity provider: authorization code + PKCE, then a signed session cookie. */
export const oidcLogin: FastifyPluginAsyncZod<OidcLoginOptions> = async (app, opts) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A plain HTML form posts logout as urlencoded; its (empty) body is irrelevant, so no form parser is required of the app.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );
  }

  const base = opts.publicBaseUrl.replace(/\/+$/, '');
  const redirectUri = `${base}/auth/callback`;
  const secure = base.startsWith('https:');
  const publicHost = new URL(base).host;
  const cookieName = opts.cookieName ?? 'registry_session';
  const resource: Record<string, string> = URL.canParse(opts.resource) ? { resource: opts.resource } : {};
  const issuerUrl = new URL(opts.issuer);
  const insecureAllowed = issuerUrl.protocol === 'http:' && LOCAL_HOSTS.has(issuerUrl.hostname);
  const txCookie = { path: '/auth', httpOnly: true, sameSite: 'lax', secure, signed: true } as const;

  // Discovered on first use, so the API starts even while the provider is down; failures are retried.
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    if (!discovered) {
      discovered = client.discovery(issuerUrl, opts.clientId, undefined, client.ClientSecretBasic(opts.clientSecret), {
        ...(insecureAllowed ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 5,
      });
      discovered.catch(() => (discovered = undefined));
    }
    return discovered;
  };

  // Rendered here, not left to the app's error handler: the plugin is self-contained and also runs on a bare Fastify.
  const fail = (reply: FastifyReply, err: unknown) => {
    const f = loginRefusal(err);
    return reply.code(f.statusCode).send({ status: 'error', code: f.code, message: f.message });
  };

  app.get(
    '/auth/login',
    { schema: { tags: ['auth'], summary: 'Start browser sign-in', querystring: loginQuery, response: errors } },
    async (req, reply) => {
      // Sign-in must start on the public address: the transaction cookie is set for this host, and
      // the provider returns to the public address, which must find it.
      if (req.host !== publicHost) return reply.redirect(`${base}${req.url}`, 302);
      try {
        const config = await configuration();
        const tx = {
          state: client.randomState(),
          nonce: client.randomNonce(),
          verifier: client.randomPKCECodeVerifier(),
          returnTo: safeReturnTo(req.query.return_to),
        };
        const url = client.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid profile email',
          state: tx.state,
          nonce: tx.nonce,
          code_challenge: await client.calculatePKCECodeChallenge(tx.verifier),
          code_challenge_method: 'S256',
          ...resource,
        });
        reply.setCookie(TX_COOKIE, Buffer.from(JSON.stringify(tx)).toString('base64url'), {
          ...txCookie,
          maxAge: TX_MAX_AGE_SECONDS,
        });
        return reply.redirect(url.href, 302);
      } catch (err) {
        return fail(reply, err);
      }
    },
  );

  app.get(
    '/auth/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish browser sign-in (redirect target of the provider)',
        querystring: callbackQuery,
        response: errors,
      },
    },
    async (req, reply) => {
      let identity: { issuer: string; subject: string; claims: Record<string, unknown> };
      let returnTo: string;
      try {
        const raw = req.cookies[TX_COOKIE];
        const unsigned = raw ? req.unsignCookie(raw) : undefined;
        const tx =
          unsigned?.valid && unsigned.value
            ? txSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString()))
            : undefined;
        if (!tx?.success)
          throw new AppError('login_failed', 'The sign-in attempt is unknown or expired; start again at /auth/login.');
        reply.clearCookie(TX_COOKIE, { path: txCookie.path });
        returnTo = tx.data.returnTo;

        const current = new URL(redirectUri);
        current.search = new URL(req.url, base).search;
        const tokens = await client.authorizationCodeGrant(
          await configuration(),
          current,
          {
            pkceCodeVerifier: tx.data.verifier,
            expectedState: tx.data.state,
            expectedNonce: tx.data.nonce,
            idTokenExpected: true,
          },
          resource,
        );
        const claims = tokens.claims();
        if (!claims) throw new AppError('login_failed', 'The provider returned no ID token.');
        identity = { issuer: claims.iss, subject: claims.sub, claims: { ...claims } };
      } catch (err) {
        return fail(reply, err);
      }

      const session = await opts.createSession(await opts.resolveAccount(identity));
      reply.setCookie(cookieName, session.id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        signed: true,
        expires: session.expiresAt,
      });
      return reply.redirect(returnTo, 302);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the browser session',
        response: { 200: z.object({ status: z.literal('success') }) },
      },
    },
    async (req, reply) => {
      const raw = req.cookies[cookieName];
      const unsigned = raw ? req.unsignCookie(raw) : undefined;
      if (unsigned?.valid && unsigned.value) await opts.destroySession(unsigned.value);
      reply.clearCookie(cookieName, { path: '/' });
      return { status: 'success' as const };
    },
  );
};
