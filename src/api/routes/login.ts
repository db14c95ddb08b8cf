import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRefusal, oidcFlow, type OidcProvider, type SignedInIdentity } from '../../auth/oidc-flow.ts';
import { errorBodySchema } from '../../domain/error-body.ts';
import { crossSiteRule } from '../../http/cross-site.ts';
import { sendPageRouteError, wantsPage } from '../../http/error-handler.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';

export interface OidcLoginOptions extends OidcProvider {
  /** Base of the browser-facing URLs; the redirect URI is `${publicBaseUrl}/auth/callback`. */
  publicBaseUrl: string;
  resolveAccount(identity: SignedInIdentity): Promise<string>;
  createSession(accountId: string): Promise<{ id: string; expiresAt: Date }>;
  destroySession(sessionId: string): Promise<void>;
  cookieName?: string;
}

const TX_COOKIE = 'registry_oidc_tx';
const TX_MAX_AGE_SECONDS = 600;

const errors = { 400: errorBodySchema, 503: errorBodySchema };
const loginQuery = z.object({ return_to: z.string().max(2048).optional() });
const callbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

export const startSignInRoute = declareRoute({
  method: 'GET',
  url: '/auth/login',
  access: PUBLIC,
  openapi: {
    operationId: 'startSignIn',
    description: 'Starts browser sign-in at the identity provider (authorization code + PKCE); redirects there.',
    redirect: 'To the identity provider; or, when reached on another host, to this path on the public address first',
  },
});

export const finishSignInRoute = declareRoute({
  method: 'GET',
  url: '/auth/callback',
  access: PUBLIC,
  openapi: {
    operationId: 'finishSignIn',
    description: 'The identity provider returns here; sets the session cookie and redirects to `return_to`.',
    redirect: 'To `return_to` (a same-site path; the home page by default), with the session cookie set',
  },
});

export const signOutRoute = declareRoute({
  method: 'POST',
  url: '/auth/logout',
  access: PUBLIC,
  audited: 'in-transaction',
  openapi: {
    operationId: 'signOut',
    description:
      'Ends the browser session. A browser (`Accept: text/html`, as a sign-out form sends) is sent to the home page; other clients get JSON.',
    redirect: 'For a browser (`Accept: text/html`): to the home page, signed out',
  },
});

/** Browser sign-in with the identity provider (src/auth/oidc-flow.ts), then a signed session cookie. */
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
  const flow = oidcFlow(opts, `${base}/auth/callback`);
  const secure = base.startsWith('https:');
  const publicHost = new URL(base).host;
  const cookieName = opts.cookieName ?? 'registry_session';
  const txCookie = { path: '/auth', httpOnly: true, sameSite: 'lax', secure, signed: true } as const;
  const crossSite = crossSiteRule(base);

  // Rendered here, not left to the app's error handler: the plugin is self-contained and also runs on a
  // bare Fastify. A person's browser lands on these routes (the provider sends it back), so it reads a
  // refusal as a page; other clients get the JSON body.
  const fail = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
    const f = loginRefusal(err);
    return sendPageRouteError(req, reply, { statusCode: f.statusCode, code: f.code, message: f.message });
  };

  app.route({
    ...startSignInRoute,
    config: { ...startSignInRoute.config, page: true },
    schema: { tags: ['auth'], summary: 'Start browser sign-in', querystring: loginQuery, response: errors },
    handler: async (req, reply) => {
      // Sign-in must start on the public address: the transaction cookie is set for this host, and
      // the provider returns to the public address, which must find it.
      if (req.host !== publicHost) return reply.redirect(`${base}${req.url}`, 302);
      try {
        const { url, transaction } = await flow.begin(req.query.return_to);
        reply.setCookie(TX_COOKIE, transaction, { ...txCookie, maxAge: TX_MAX_AGE_SECONDS });
        return reply.redirect(url, 302);
      } catch (err) {
        return fail(req, reply, err);
      }
    },
  });

  app.route({
    ...finishSignInRoute,
    config: { ...finishSignInRoute.config, page: true },
    schema: {
      tags: ['auth'],
      summary: 'Finish browser sign-in (redirect target of the provider)',
      querystring: callbackQuery,
      response: errors,
    },
    handler: async (req, reply) => {
      const raw = req.cookies[TX_COOKIE];
      const unsigned = raw ? req.unsignCookie(raw) : undefined;
      reply.clearCookie(TX_COOKIE, { path: txCookie.path });
      let signedIn: Awaited<ReturnType<typeof flow.finish>>;
      try {
        signedIn = await flow.finish(
          unsigned?.valid ? (unsigned.value ?? undefined) : undefined,
          new URL(req.url, base).search,
        );
      } catch (err) {
        return fail(req, reply, err);
      }
      const session = await opts.createSession(await opts.resolveAccount(signedIn.identity));
      reply.setCookie(cookieName, session.id, { ...txCookie, path: '/', expires: session.expiresAt });
      return reply.redirect(signedIn.returnTo, 302);
    },
  });

  app.route({
    ...signOutRoute,
    schema: {
      tags: ['auth'],
      summary: 'End the browser session',
      response: { 200: z.object({ status: z.literal('success') }) },
    },
    // The route reads the session cookie itself (it is public): a page of another origin may not end the
    // session either (src/http/cross-site.ts).
    onRequest: async (req) => {
      if (req.cookies[cookieName]) crossSite.check(req);
    },
    handler: async (req, reply) => {
      const raw = req.cookies[cookieName];
      const unsigned = raw ? req.unsignCookie(raw) : undefined;
      if (unsigned?.valid && unsigned.value) await opts.destroySession(unsigned.value);
      reply.clearCookie(cookieName, { path: '/' });
      // A person pressed "Sign out": they land on a page, not on the JSON answer.
      if (wantsPage(req)) return reply.header('vary', 'accept').redirect('/', 302);
      return { status: 'success' as const };
    },
  });
};
