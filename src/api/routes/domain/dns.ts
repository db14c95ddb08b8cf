import { zoneAuthority } from '../../../dns/authority.ts';
import { manifestUrls } from '../../../domain/manifests.ts';
import { agentRecordsOn } from '../../../domain/agent-dns.ts';
import { enableDns as publishDelegation, patchRecords, readRecords } from '../../../dns/records.ts';
import { accountPrincipal } from '../../../http/auth.ts';
import { parseFullName } from '../../../http/domain-name-param.ts';
import { clientErrors, errorBodySchema } from '../../schemas/common.ts';
import { domainNameParams } from '../../schemas/discovery.ts';
import { enableDnsResponse, recordsBody, recordsGetResponse, recordsPatchResponse } from './dns.schemas.ts';
import { declareRoute, ACCOUNT } from '../../../http/declaration.ts';
import { defineOperation } from '../../../http/operations/operation.ts';
import type { Services } from '../../../http/operations/services.ts';
import { operationsPlugin } from '../../../http/operations/route.ts';

// A domain's DNS (spec 4.5; docs/dns-and-rdap.md "DNS"). Answers come from PostgreSQL, where each change is stored
// with the outbox event that makes the worker push it; `sync` says whether PowerDNS has it yet.

const errors = { ...clientErrors, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };

// DNS (docs/dns-and-rdap.md "DNS"): records bearer only, as rule 7 says; enable_dns key or bearer.
export const getDnsRecordsRoute = declareRoute({
  method: 'GET',
  url: '/api/v1/domains/:domain_name/records',
  access: ['bearer', 'dashboard'],
  openapi: {
    operationId: 'getDnsRecords',
    description:
      'The owner’s DNS records as stored (absolute names, canonical content), whether the delegation is published (`dns_enabled`), the nameservers, the manifest TXT pointers every active name publishes at its apex, and `sync`: `published` once PowerDNS holds the latest change, `pending` while it is on its way. Bearer only (spec 5 rule 7); the owner or the owner’s operator.',
  },
});

export const patchDnsRecordsRoute = declareRoute({
  method: 'PATCH',
  url: '/api/v1/domains/:domain_name/records',
  idempotent: true,
  access: ['bearer', 'dashboard'],
  area: 'names',
  openapi: {
    operationId: 'patchDnsRecords',
    description:
      'Sets or deletes record sets (spec 4.5): types A, AAAA, CNAME, TXT, MX, SRV, CAA; names relative to the domain (`@` is the apex) or absolute inside it. The records given for a name and type replace that rrset; `delete: true` removes it. Each item is answered `created`, `updated`, `deleted` or `unchanged`. One invalid item refuses the whole request (400 `invalid_record` with `details.index` and `details.field` = `records.<index>`; a CNAME beside another record or at the apex names the last item setting records at that name) and nothing changes. The change is stored and pushed to PowerDNS by its namespace’s zone run, in a batch with other changed names (retried while PowerDNS is down; `sync` in GET says when it is published). Bearer only; the owner or the owner’s operator (403 `forbidden` for anyone else).',
  },
});

export const enableDnsRoute = declareRoute({
  method: 'POST',
  url: '/api/v1/domains/:domain_name/enable_dns',
  access: ACCOUNT,
  area: 'names',
  openapi: {
    operationId: 'enableDns',
    description:
      'Publishes the name’s delegation (NS, with glue where a nameserver lies under the name) in its namespace zone, so a resolver starting from the naming root reaches its records. Idempotent: a second call answers that DNS is already enabled and changes nothing. 409 `domain_not_active` in the grace period.',
  },
});

const parse = (services: Services, raw: string) => parseFullName(services.namespaces, raw);
const nameserversOf = (services: Services, namespace: string) =>
  zoneAuthority(services.config)(namespace).nameservers.map((n) => n.host);

export const getDnsRecords = defineOperation(
  getDnsRecordsRoute,
  {
    tags: ['management'],
    summary: 'The DNS records of a domain you own or manage',
    params: domainNameParams,
    response: { 200: recordsGetResponse, ...errors },
  },
  async (call, services) => {
    const { name, ns } = parse(services, call.params.domain_name);
    const view = await readRecords(call.db, accountPrincipal(call), name);
    const urls = manifestUrls(services.config.publicBaseUrl, view.name);
    return {
      status: 'success' as const,
      domain: view.name,
      dns_enabled: view.dnsEnabled,
      nameservers: nameserversOf(services, ns.namespace),
      sync: view.sync,
      records: view.records,
      manifest_pointers: [`agent-manifest=${urls.agent_json}`, `skill-md=${urls.skill_md}`],
      agent_records: agentRecordsOn(services.config.publicBaseUrl, view.name, view.profile, view.onchain).flatMap((r) =>
        r.contents.map((content) => ({ type: r.type, name: r.name, content, ttl: r.ttl })),
      ),
    };
  },
);

export const patchDnsRecords = defineOperation(
  patchDnsRecordsRoute,
  {
    tags: ['management'],
    summary: 'Set or delete DNS record sets of a domain you own or manage',
    description:
      'Each item names an rrset (name and type). The records given for an rrset replace it whole; ' +
      '`{"type", "name", "delete": true}` removes it. One invalid item refuses the whole request ' +
      '(400 `invalid_record`, `details.index`) and nothing changes. Saved records reach PowerDNS ' +
      'within seconds; `sync` in GET …/records tells when.',
    params: domainNameParams,
    body: recordsBody,
    response: { 200: recordsPatchResponse, ...errors, 423: errorBodySchema },
  },
  async (call, services) => {
    const { name } = parse(services, call.params.domain_name);
    const done = await patchRecords(call.db, accountPrincipal(call), name, call.body.records);
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

export const enableDns = defineOperation(
  enableDnsRoute,
  {
    tags: ['management'],
    summary: 'Publish the delegation of a domain you own, so resolvers from the naming root reach its records',
    params: domainNameParams,
    response: { 200: enableDnsResponse, ...errors, 423: errorBodySchema },
  },
  async (call, services) => {
    const { name, ns } = parse(services, call.params.domain_name);
    const done = await publishDelegation(call.db, accountPrincipal(call), name);
    const nameservers = nameserversOf(services, ns.namespace);
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

export const dnsRoutes = operationsPlugin([getDnsRecords, patchDnsRecords, enableDns]);
