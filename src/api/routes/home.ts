import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionPrincipal } from '../../auth/authenticate.ts';
import { accountRepository } from '../../db/account-repository.ts';
import { FAVICON_ICO, FAVICON_SVG } from '../../pages/favicon.ts';
import { renderHome, type Visitor } from '../../pages/home.ts';
import type { PageContext } from '../../pages/landing.ts';
import { SESSION_COOKIE } from '../../http/session-cookie.ts';
import { declareRoute, PUBLIC } from '../../http/declaration.ts';

export const homePageRoute = declareRoute({
  method: 'GET',
  url: '/',
  access: PUBLIC,
  openapi: {
    operationId: 'homePage',
    description: 'The HTML home page: namespaces, sign-in state and links. Where a browser lands after signing in.',
  },
});

/** The site's icon: browsers ask for /favicon.ico on their own; the pages link the SVG. */
export const faviconIcoRoute = declareRoute({
  method: 'GET',
  url: '/favicon.ico',
  access: PUBLIC,
  openapi: {
    operationId: 'faviconIco',
    description: 'The site icon, 16x16 (image/x-icon), for browsers that ask on their own.',
  },
});
export const faviconSvgRoute = declareRoute({
  method: 'GET',
  url: '/favicon.svg',
  access: PUBLIC,
  openapi: { operationId: 'faviconSvg', description: 'The site icon (image/svg+xml) every page links.' },
});

// The home page: where a browser lands, also after sign-in. Public; a valid session only adds a greeting.
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { namespaces, config, orm } = app.deps;
  const ctx: PageContext = {
    baseUrl: config.publicBaseUrl,
    gemUsdRate: config.GEM_USD_RATE,
    currency: config.MPP_CURRENCY,
  };

  async function visitorOf(
    cookie: string | undefined,
    req: Parameters<typeof sessionPrincipal>[1],
  ): Promise<Visitor | null> {
    if (!cookie) return null;
    const em = orm.em.fork();
    const principal = await sessionPrincipal(em, req, cookie).catch(() => null);
    if (!principal) return null;
    return { accountId: principal.accountId, name: await accountRepository(em).displayNameOf(principal.accountId) };
  }

  app.route({
    ...homePageRoute,
    schema: {
      tags: ['pages'],
      summary: 'Home page (HTML): namespaces, sign-in state, links',
      response: { 200: z.string().describe('text/html') },
    },
    handler: async (req, reply) => {
      const visitor = await visitorOf(req.cookies[SESSION_COOKIE], req);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', visitor ? 'private, no-store' : 'public, max-age=60')
        .header('vary', 'cookie')
        .send(renderHome(namespaces.all, ctx, visitor));
    },
  });

  const icon = (type: string, body: string | Buffer) => ({
    schema: { tags: ['pages'], summary: `Site icon (${type})`, response: { 200: z.string().describe(type) } },
    handler: async (_req: unknown, reply: FastifyReply) =>
      reply.type(type).header('cache-control', 'public, max-age=86400').send(body),
  });
  app.route({ ...faviconIcoRoute, ...icon('image/x-icon', FAVICON_ICO) });
  app.route({ ...faviconSvgRoute, ...icon('image/svg+xml', FAVICON_SVG) });
};
