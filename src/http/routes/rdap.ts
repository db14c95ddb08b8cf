import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainRepository } from '../../db/domain-repository.ts';
import { zoneAuthority } from '../../dns/authority.ts';
import { domainNotFound } from '../../domain/errors.ts';
import { RDAP_MEDIA_TYPE, rdapDomain, rdapHelp, type RdapService } from '../../domain/rdap.ts';
import { parseFullName } from '../domain-name-param.ts';
import { conditionalGet } from '../etag.ts';
import { rdapErrorHandler, rdapNotFound } from '../replies/rdap.ts';
import { notModified } from '../schemas/common.ts';
import {
  rdapDomainParams,
  rdapDomainResponse,
  rdapFailures,
  rdapHelpResponse,
  rdapLookupErrors,
} from '../schemas/rdap.ts';

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

  app.get(
    '/domain/:name',
    {
      schema: {
        tags: ['rdap'],
        summary: 'RDAP domain object of a held name (application/rdap+json)',
        params: rdapDomainParams,
        response: { 200: rdapDomainResponse, 304: notModified, ...rdapLookupErrors },
      },
      onSend: conditionalGet,
    },
    async (req, reply) => {
      // A name outside our namespaces is malformed here (400), not a missing resource.
      const { name, ns } = parseFullName(namespaces, req.params.name, 'input');
      const d = await domainRepository(orm.em.fork()).findRdapByName(name);
      if (!d) throw domainNotFound(name);
      const nameservers = authorityOf(ns.namespace).nameservers.map((n) => n.host);
      return reply.type(RDAP_MEDIA_TYPE).send(rdapDomain(d, nameservers, service));
    },
  );

  app.get(
    '/help',
    {
      schema: {
        tags: ['rdap'],
        summary: 'RDAP help: what this service offers, its limits and terms',
        response: { 200: rdapHelpResponse, ...rdapFailures },
      },
    },
    async (_req, reply) => reply.type(RDAP_MEDIA_TYPE).send(rdapHelp(service)),
  );
};
