import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../domain/errors.ts';
import { gemsBalance } from '../../ledger/gems.ts';
import { accountLabel, listedName, referrerOf } from '../../market/checkout-terms.ts';
import { renderCheckout, renderPurchased } from '../../pages/checkout.ts';
import { accountPrincipal } from '../../http/auth.ts';
import { forgetEndedSession } from '../../http/ended-session.ts';
import { parseFullName } from '../../http/domain-name-param.ts';
import { formGuard } from '../../http/form-guard.ts';
import { checkoutPageUrl, checkoutRefusalPage, sendPage, signInUrl } from '../replies/checkout-page.ts';
import { checkoutErrors, checkoutForm, checkoutParams, checkoutQuery, htmlPage } from './human-checkout.schemas.ts';
import { declareRoute } from '../../http/declaration.ts';

// The human checkout page: anyone may look (a session adds the balance and the form); buying is a
// browser form, so the post takes the session only (docs/market.md "Purchase").
export const humanCheckoutPageRoute = declareRoute({
  method: 'GET',
  url: '/checkout/:domain',
  access: ['session', 'anonymous'],
  openapi: {
    operationId: 'humanCheckoutPage',
    description:
      'The human checkout (spec 4.7), an HTML page for a browser: the listed name, its gems price and the referrer named by `affiliate_id` (an account id or a person’s username; it earns 5%). Signed out: a sign-in link that returns here. Signed in (session cookie): your gem balance and a "Buy with gems" form that posts to this address with a form token. A name not listed is 404 `not_listed`, one listed in USD only 400 `currency_not_accepted`, your own 409 `own_domain`: to a browser (`Accept: text/html`) as a page with the code, to other clients as the JSON error body.',
    responses: { '200': 'The checkout page (text/html)' },
  },
});

export const humanCheckoutBuyRoute = declareRoute({
  method: 'POST',
  url: '/checkout/:domain',
  access: ['session'],
  area: 'names',
  openapi: {
    operationId: 'humanCheckoutBuy',
    description:
      'The checkout page’s form (`application/x-www-form-urlencoded`: `csrf_token`, `affiliate_id`), signed-in browsers only: buys the name with gems exactly as buy-secondary with `payment_method: "gems"` does (90% seller, 5% referrer, 5% platform) and answers with a page saying what was paid. Refused with 403 `forbidden` when the form comes from another site (`Sec-Fetch-Site`, `Origin`) or lacks this session’s token for this name; the purchase refusals (`insufficient_gems` 402, `not_listed` 404, `name_being_bought` 409, …) are pages to a browser and JSON error bodies to other clients.',
    responses: {
      '200': 'The purchase page (text/html): the name, the price paid and its split, the new balance',
      '403':
        '`forbidden`: the form came from another site or without its token (`details.reason`); or `credential_not_accepted`',
    },
  },
});

/**
 * The human checkout (spec 4.7): a person signed in with a browser session buys a listed name with
 * gems. `GET` shows the name, its gems price, the buyer's balance and the referrer, with a form that
 * `POST`s back here; the POST buys through the same purchase service as buy-secondary and shows the
 * outcome. A browser gets every answer as a page, refusals included; another client gets refusals as
 * the API's JSON error body (docs/market.md "Purchase").
 */
export const humanCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { namespaces, orm, config, sessionSecret } = app.deps;
  const guard = formGuard(sessionSecret, config.publicBaseUrl);
  // The form posts application/x-www-form-urlencoded; only this plugin's routes parse it.
  await app.register(formbody);

  const forgetEnded = forgetEndedSession(orm);

  app.route({
    ...humanCheckoutPageRoute,
    schema: {
      tags: ['market'],
      summary: 'Human checkout page (HTML): buy a listed name with gems',
      params: checkoutParams,
      querystring: checkoutQuery,
      response: { 200: htmlPage, ...checkoutErrors },
    },
    onRequest: forgetEnded,
    errorHandler: checkoutRefusalPage,
    handler: async (req, reply) => {
      const { name } = parseFullName(namespaces, req.params.domain);
      const affiliateId = req.query.affiliate_id || null;
      const em = orm.em.fork();
      const listed = await listedName(em, name);
      if (!listed) throw new AppError('not_listed', `${name} is not for sale.`);
      if (listed.priceGems === null)
        throw new AppError(
          'currency_not_accepted',
          `${name} is listed in USD only: it is bought through the API (buy-secondary, mpp), not with gems here.`,
        );
      const session = req.principal?.kind === 'session' ? req.principal : null;
      if (session?.accountId === listed.sellerId) throw new AppError('own_domain', `You already own ${name}.`);
      const referrer = affiliateId
        ? await referrerOf(em, affiliateId, session?.accountId ?? '', listed.sellerId)
        : null;
      const buyer = session && {
        accountId: session.accountId,
        label: await accountLabel(em, session.accountId),
        balance: await gemsBalance(em, session.accountId),
        csrfToken: guard.tokenFor(session.credentialId, name),
      };
      const html = renderCheckout({
        name,
        priceGems: listed.priceGems,
        affiliateId,
        referrer,
        signInUrl: signInUrl(checkoutPageUrl(name, affiliateId)),
        buyer,
        development: config.NODE_ENV === 'development',
      });
      return sendPage(reply, 200, html);
    },
  });

  app.route({
    ...humanCheckoutBuyRoute,
    schema: {
      tags: ['market'],
      summary: 'Buy from the human checkout page: the form post (HTML result)',
      consumes: ['application/x-www-form-urlencoded'],
      params: checkoutParams,
      body: checkoutForm,
      response: { 200: htmlPage, ...checkoutErrors },
    },
    errorHandler: checkoutRefusalPage,
    handler: async (req, reply) => {
      const principal = accountPrincipal(req);
      const { name } = parseFullName(namespaces, req.params.domain);
      guard.check(req, principal.credentialId, name, req.body.csrf_token);
      const answer = await app.services.purchase.buy({
        name,
        paymentMethod: 'gems',
        affiliateId: req.body.affiliate_id || null,
        principal,
        ip: req.ip,
        receipt: undefined,
      });
      // A gems purchase completes or is refused; only mpp answers with a payment challenge.
      if (answer.kind !== 'purchased') throw new Error('a gems purchase asked for a payment');
      const r = answer.result;
      const html = renderPurchased({
        name: r.domainName,
        price: Number(r.price),
        sellerAmount: Number(r.sellerAmount),
        referrerAmount: Number(r.referrerAmount),
        platformAmount: Number(r.platformAmount),
        balance: await gemsBalance(orm.em.fork(), principal.accountId),
        warnings: answer.warnings,
      });
      return sendPage(reply, 200, html);
    },
  });
};
