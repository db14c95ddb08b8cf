import { z } from 'zod';
import { commandResponse } from '../../api/routes/command.schemas.ts';
import { enableDnsResponse, recordsBody, recordsPatchResponse } from '../../api/routes/domain/dns.schemas.ts';
import { managedListQuery, managedListResponse } from '../../api/routes/domains/managed.schemas.ts';
import { defineTool, reads, writes, requestId } from './tool.ts';
import { runCommand } from '../../api/routes/command.ts';
import * as dns from '../../api/routes/domain/dns.ts';
import { listManagedDomains } from '../../api/routes/domains/managed.ts';
import * as batch from '../../api/routes/batch.ts';
import * as registrarLock from '../../api/routes/domain/registrar-lock.ts';
import { batchBody, batchResponse } from '../../api/routes/batch.schemas.ts';
import { lockStateResponse } from '../../api/routes/domain/registrar-lock.schemas.ts';

const domainName = z.string().min(1).max(300).describe('The full name, e.g. "scout.agent"');

export const listMyDomains = defineTool({
  name: 'list_my_domains',
  title: 'My domains',
  description:
    'The names you own or manage (your claimed agents’, an organization’s customers’), paged, with auto-renew and whether each is listed (GET /api/v1/domains).',
  operation: listManagedDomains,
  input: z.object({
    limit: z.number().int().min(1).max(200).optional().describe('Page size (default 50)'),
    offset: z.number().int().min(0).optional().describe('Items to skip (default 0)'),
    owner_id: managedListQuery.shape.owner_id,
    expires_within_days: z
      .number()
      .int()
      .min(0)
      .max(3650)
      .optional()
      .describe('Only terms ending within this many days'),
    sort: z.enum(['registered', 'expiry']).optional().describe('registered (default) or expiry: soonest expiry first'),
  }),
  output: managedListResponse,
  hints: reads(),
  request: (query) => ({ query }),
});

export const showExpiringDomains = defineTool({
  name: 'show_expiring_domains',
  title: 'Expiring domains',
  description:
    'The command endpoint’s `show_expiring_domains` dry run (POST /api/v1/command): the names you and the agents you claimed own that expire within `within_days`. Like the command endpoint, it takes a bearer token, not an API key.',
  operation: runCommand,
  input: z.object({
    within_days: z.number().int().min(1).max(4015).optional().describe('Days ahead (default 30)'),
  }),
  output: commandResponse,
  hints: reads(),
  request: ({ within_days }) => ({
    body: {
      action: 'show_expiring_domains',
      mode: 'dry_run',
      params: within_days === undefined ? {} : { within_days },
    },
  }),
});

export const setDnsRecords = defineTool({
  name: 'set_dns_records',
  title: 'Set DNS records',
  description:
    'Sets or deletes record sets of a name you own (PATCH /api/v1/domains/{domain_name}/records): the records given for a name and type replace that rrset; `delete: true` removes it. Pushed to PowerDNS within seconds. Like the route, it takes a bearer token, not an API key.',
  operation: dns.patchDnsRecords,
  input: recordsBody.extend({ domain_name: domainName, ...requestId }),
  output: recordsPatchResponse,
  hints: writes({ destructive: true, idempotent: true, openWorld: true }),
  request: ({ domain_name, records }) => ({ params: { domain_name }, body: { records } }),
});

export const enableDns = defineTool({
  name: 'enable_dns',
  title: 'Enable DNS',
  description:
    'Publishes the name’s delegation in its namespace zone, so resolvers from the naming root reach its records (POST /api/v1/domains/{domain_name}/enable_dns). Idempotent.',
  operation: dns.enableDns,
  input: z.object({ domain_name: domainName }),
  output: enableDnsResponse,
  hints: writes({ idempotent: true, openWorld: true }),
  request: ({ domain_name }) => ({ params: { domain_name } }),
});

export const lockDomain = defineTool({
  name: 'lock_domain',
  title: 'Lock a name',
  description:
    'Locks a name you manage against every move (transfer, listing, sale, delegation), at once (POST /api/v1/domains/{domain_name}/lock). Lifting it takes a second person’s approval or a 24 h delay (request_unlock). Idempotent.',
  operation: registrarLock.lockDomain,
  input: z.object({ domain_name: domainName }),
  output: lockStateResponse,
  hints: writes({ idempotent: true }),
  request: ({ domain_name }) => ({ params: { domain_name } }),
});

/** The unlock steps: a name in, where its lock stands out. */
const onLockedName = {
  input: z.object({ domain_name: domainName }),
  output: lockStateResponse,
  request: ({ domain_name }: { domain_name: string }) => ({ params: { domain_name } }),
};

export const requestUnlock = defineTool({
  name: 'request_unlock',
  title: 'Ask to lift a name’s lock',
  description:
    'Asks to lift the lock of a name you manage (POST /api/v1/domains/{domain_name}/unlock): it takes effect when a second person who manages it approves (approve_unlock: another human than the asker, a team member since before the lock; docs/teams.md "The second person") or after the delay in `unlock.effective_at`. Asking again answers the open request.',
  operation: registrarLock.requestUnlock,
  hints: writes({ idempotent: true }),
  ...onLockedName,
});
export const approveUnlock = defineTool({
  name: 'approve_unlock',
  title: 'Approve a pending unlock',
  description:
    'Approves the pending request to lift a name’s lock (POST /api/v1/domains/{domain_name}/unlock/approve); the lock lifts at once. Only a second human: a person’s bearer token (never a key), neither the asker nor the person who claimed the agent that asked, and, for a team, its member since before the lock was set and for at least the delay before the request (403 forbidden with details.rule otherwise; docs/teams.md "The second person").',
  operation: registrarLock.approveUnlock,
  hints: writes({}),
  ...onLockedName,
});
export const cancelUnlock = defineTool({
  name: 'cancel_unlock',
  title: 'Cancel a pending unlock',
  description:
    'Cancels the pending request to lift a name’s lock (POST /api/v1/domains/{domain_name}/unlock/cancel); the name stays locked.',
  operation: registrarLock.cancelUnlock,
  hints: writes({}),
  ...onLockedName,
});

export const batchOperations = defineTool({
  name: 'batch',
  title: 'Many operations at once',
  description:
    'Up to 50 of renew (gems), set_auto_renew, patch_records, lock and list_for_sale in one call (POST /api/v1/batch), each answered with its own status and body and run under its own idempotency_key. A batch does not pay: a renewal by mpp is refused (402 batch_cannot_pay); use renew_domain for it.',
  operation: batch.batch,
  input: batchBody,
  output: batchResponse,
  hints: writes({ destructive: true, openWorld: true }),
  request: (body) => ({ body }),
});
