import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zoneAuthority } from '../../dns/authority.ts';
import { manifestUrls } from '../../domain/manifests.ts';
import { enableDns, patchRecords, readRecords } from '../../services/dns.ts';
import { accountPrincipal } from '../auth.ts';
import { parseFullName } from '../domain-name-param.ts';
import { clientErrors, errorBodySchema } from '../schemas/common.ts';
import { domainNameParams } from '../schemas/discovery.ts';
import { enableDnsResponse, recordsBody, recordsGetResponse, recordsPatchResponse } from '../schemas/dns.ts';

// A domain's DNS (spec 4.5; docs/dns-and-rdap.md "DNS"). Answers come from PostgreSQL, where each change is stored
// with the outbox event that makes the worker push it; `sync` says whether PowerDNS has it yet.

const errors = { ...clientErrors, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };

export const dnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orm, namespaces, config } = app.deps;
  const authorityOf = zoneAuthority(config);
  const parse = (raw: string) => parseFullName(namespaces, raw);
  const nameserversOf = (namespace: string) => authorityOf(namespace).nameservers.map((n) => n.host);

  app.get(
    '/api/v1/domains/:domain_name/records',
    {
      schema: {
        tags: ['management'],
        summary: 'The DNS records of a domain you own or manage',
        params: domainNameParams,
        response: { 200: recordsGetResponse, ...errors },
      },
    },
    async (req) => {
      const { name, ns } = parse(req.params.domain_name);
      const view = await readRecords(orm.em.fork(), accountPrincipal(req), name);
      const urls = manifestUrls(config.publicBaseUrl, view.name);
      return {
        status: 'success' as const,
        domain: view.name,
        dns_enabled: view.dnsEnabled,
        nameservers: nameserversOf(ns.namespace),
        sync: view.sync,
        records: view.records,
        manifest_pointers: [`agent-manifest=${urls.agent_json}`, `skill-md=${urls.skill_md}`],
      };
    },
  );

  app.patch(
    '/api/v1/domains/:domain_name/records',
    {
      schema: {
        tags: ['management'],
        summary: 'Set or delete DNS record sets of a domain you own or manage',
        description:
          'Each item names an rrset (name and type). The records given for an rrset replace it whole; ' +
          '`{"type", "name", "delete": true}` removes it. One invalid item refuses the whole request ' +
          '(400 `invalid_record`, `details.index`) and nothing changes. Saved records reach PowerDNS ' +
          'within seconds; `sync` in GET …/records tells when.',
        params: domainNameParams,
        body: recordsBody,
        response: { 200: recordsPatchResponse, ...errors },
      },
    },
    async (req) => {
      const { name } = parse(req.params.domain_name);
      const done = await patchRecords(orm.em.fork(), accountPrincipal(req), name, req.body.records);
      return {
        status: 'success' as const,
        message: done.changed
          ? `Records saved; ${done.changed} record set${done.changed === 1 ? ' is' : 's are'} being pushed to DNS.`
          : 'Nothing changed: DNS already holds these records.',
        domain: name,
        details: done.details,
        sync: done.sync,
      };
    },
  );

  app.post(
    '/api/v1/domains/:domain_name/enable_dns',
    {
      schema: {
        tags: ['management'],
        summary: 'Publish the delegation of a domain you own, so resolvers from the naming root reach its records',
        params: domainNameParams,
        response: { 200: enableDnsResponse, ...errors },
      },
    },
    async (req) => {
      const { name, ns } = parse(req.params.domain_name);
      const done = await enableDns(orm.em.fork(), accountPrincipal(req), name);
      const nameservers = nameserversOf(ns.namespace);
      return {
        status: 'success' as const,
        message: done.alreadyEnabled
          ? `DNS is already enabled for ${name}; nothing changed.`
          : `DNS enabled: publishing the delegation of ${name} to ${nameservers.join(', ')}`,
        domain: name,
        nameservers,
        sync: done.sync,
      };
    },
  );
};
