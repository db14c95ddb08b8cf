import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainRepository } from '../../db/domain-repository.ts';
import { zoneAuthority } from '../../dns/authority.ts';
import { domainNotFound } from '../../domain/errors.ts';
import { RDAP_MEDIA_TYPE, rdapDomain, rdapHelp, type RdapService } from '../../domain/rdap.ts';
import { parseFullName } from '../../http/domain-name-param.ts';
import { conditionalGet } from '../../http/etag.ts';
import { rdapErrorHandler, rdapNotFound } from '../replies/rdap.ts';
import { notModified } from '../schemas/common.ts';
import {
  rdapDomainParams,
  rdapDomainResponse,
  rdapFailures,
  rdapHelpResponse,
  rdapLookupErrors,
} from './rdap.schemas.ts';
import { declareRoute, PUBLIC, under } from '../../http/declaration.ts';

export const rdapDomainRoute = declareRoute({
  method: 'GET',
  url: '/rdap/domain/:name',
  access: PUBLIC,
  openapi: {
    operationId: 'rdapDomain',
    description:
      'RDAP (RFC 9083) domain object of a held name, as `application/rdap+json`: `handle` `<record id>-<NAMESPACE>`, `status` (active → `active`; grace → `inactive`, `server hold`, `server transfer prohibited`, with a remark saying until when the holder may renew), registration, expiration and last-changed events, the registry as the only entity (role `registrar`: no contact data of the holder is published), the nameservers once the holder enabled DNS, `secureDNS`, notices (terms and rate limit, status codes) and links to the JSON lookup and the agent manifest. Errors are RDAP error objects (`errorCode`, `title`, `description`): a malformed name or one outside the namespaces 400, a name no record holds (never registered, or expired) 404. Under /rdap, other query types (nameserver, entity, searches) are 501 and unknown paths 404. Public, limited per client address like lookup.',
  },
});

export const rdapHelpRoute = declareRoute({
  method: 'GET',
  url: '/rdap/help',
  access: PUBLIC,
  openapi: {
    operationId: 'rdapHelp',
    description:
      'RDAP (RFC 9083 section 7) help: `rdapConformance` and notices saying what the service offers (domain lookup only), its rate limit and terms of use.',
  },
});

// RDAP (docs/dns-and-rdap.md "RDAP"), registered under the /rdap prefix: public like lookup, so only the limit per
// client address applies. This plugin is encapsulated: its errors and its unknown paths are answered
// in RDAP's error object (replies/rdap.ts), as application/rdap+json.
export const rdapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { namespaces, orm, config } = app.deps;
  const authorityOf = zoneAuthority(config);
  const service: RdapService = {
    baseUrl: config.publicBaseUrl,
    graceDays: config.GRACE_PERIOD_DAYS,
    rateLimit: { max: config.RATE_LIMIT_IP_MAX, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
  };
  app.setErrorHandler(rdapErrorHandler);
  app.setNotFoundHandler(rdapNotFound);

  app.route({
    ...under(app.prefix, rdapDomainRoute),
    schema: {
      tags: ['rdap'],
      summary: 'RDAP domain object of a held name (application/rdap+json)',
      params: rdapDomainParams,
      response: { 200: rdapDomainResponse, 304: notModified, ...rdapLookupErrors },
    },
    onSend: conditionalGet,
    handler: async (req, reply) => {
      // A name outside our namespaces is malformed here (400), not a missing resource.
      const { name, ns } = parseFullName(namespaces, req.params.name, 'input');
      const d = await domainRepository(orm.em.fork()).findRdapByName(name);
      if (!d) throw domainNotFound(name);
      const nameservers = authorityOf(ns.namespace).nameservers.map((n) => n.host);
      return reply.type(RDAP_MEDIA_TYPE).send(rdapDomain(d, nameservers, service));
    },
  });

  app.route({
    ...under(app.prefix, rdapHelpRoute),
    schema: {
      tags: ['rdap'],
      summary: 'RDAP help: what this service offers, its limits and terms',
      response: { 200: rdapHelpResponse, ...rdapFailures },
    },
    handler: async (_req, reply) => reply.type(RDAP_MEDIA_TYPE).send(rdapHelp(service)),
  });
};
