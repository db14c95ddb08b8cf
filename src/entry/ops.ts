import { parseArgs } from 'node:util';
import { openDatabaseOrExit } from './database-startup.ts';
import * as ops from '../ops/commands.ts';
import { loadConfigOrExit, requireSetting } from './shared.ts';
import { embeddedDatabaseUrl } from '../infra/embedded-database-url.ts';

// `npm run ops -- <command> [args]`: the operator's actions, run against DATABASE_URL.
const usage = `usage: npm run ops -- <command> [args]

  approve-reseller <account-id>            flag an account as an approved reseller
  revoke-reseller <account-id>
  make-operator <account-id>               let an account act as a service operator
  whitelist <namespace> <account-id>       admit an account to a sunrise namespace
  unwhitelist <namespace> <account-id>
  org-create <name>
  org-add-member <org> <account-id>        <org> is the organization id or name
  org-deactivate-member <org> <account-id>
  org-add-customer <org> <account-id>
  org-key <org> <member-account-id> --routes "GET /api/v1/domains;GET /api/v1/domains/:domain_name"
          [--customers id,id] [--domains a.agent,b.zen] --ns-ops agent:read+register,zen:read
  org-revoke-key <credential-id>
  grant-gems <account-id> <amount> [--memo text]
                                           add prepaid gems (each run is a new grant)
  gems-balance <account-id>                an account's prepaid gems
  create-coupon <code> --percent-off N --max-uses N [--namespace ns] [--expires ISO-date]
  expire <name> [--stage grace|expired]    move a domain's expiry into the past (default: past its grace
                                           period); the expiry sweep acts on it within one interval
  trust-anchor                             the Handshake root's DNSSEC trust anchor (DS), with the unbound
                                           and delv configuration lines that take it (needs nothing)
  dnssec-status <zone>                     a zone's signing keys and the DS records its parent must hold
  dnssec-rollover <zone> begin|finish      roll a zone's signing key by double signature: begin, wait at
                                           least the DS and DNSKEY TTLs (an hour), finish (PowerDNS API only)
  token <username> [--raw]                 development only: a bearer access token for <username> from the
                                           local identity provider \`npm start\` runs (needs no DATABASE_URL);
                                           --raw prints the token alone`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    routes: { type: 'string' },
    customers: { type: 'string' },
    domains: { type: 'string' },
    'ns-ops': { type: 'string' },
    memo: { type: 'string' },
    'percent-off': { type: 'string' },
    'max-uses': { type: 'string' },
    namespace: { type: 'string' },
    expires: { type: 'string' },
    stage: { type: 'string' },
    raw: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, a, b] = positionals;
if (!command || values.help || command === 'help') {
  console.log(usage);
  process.exit(command ? 0 : 2);
}

if (command === 'trust-anchor') {
  const { rootTrustAnchor } = await import('../dns/root-anchor.ts');
  console.log(JSON.stringify(rootTrustAnchor(), null, 2));
  process.exit(0);
}
const config = loadConfigOrExit();

/**
 * DATABASE_URL, or in development the database `npm start` runs (its embedded server on EMBEDDED_PG_PORT):
 * an operator of the local stack runs a command beside it with nothing to set. Production requires it.
 */
function databaseUrl(): string {
  if (config.DATABASE_URL || config.NODE_ENV === 'production')
    return requireSetting(config.DATABASE_URL, 'DATABASE_URL', 'ops');
  const url = embeddedDatabaseUrl(config.EMBEDDED_PG_PORT);
  console.error(
    `DATABASE_URL is not set: using npm start's embedded database on 127.0.0.1:${config.EMBEDDED_PG_PORT}.`,
  );
  return url;
}
if (command === 'token') await printDevToken();
if (command === 'dnssec-status' || command === 'dnssec-rollover') await printDnssec();
const orm = await openDatabaseOrExit(databaseUrl(), 1);
const em = orm.em.fork();
const need = (v: string | undefined, what: string): string => {
  if (!v) throw new ops.OpsError(`missing ${what}\n\n${usage}`);
  return v;
};
const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;

try {
  const result = await (async () => {
    switch (command) {
      case 'approve-reseller':
        return ops.setReseller(em, need(a, 'account id'), true);
      case 'revoke-reseller':
        return ops.setReseller(em, need(a, 'account id'), false);
      case 'make-operator':
        return ops.setOperator(em, need(a, 'account id'), true);
      case 'whitelist':
        return ops.setWhitelisted(em, need(a, 'namespace'), need(b, 'account id'), true);
      case 'unwhitelist':
        return ops.setWhitelisted(em, need(a, 'namespace'), need(b, 'account id'), false);
      case 'org-create':
        return ops.createOrganization(em, need(a, 'name'));
      case 'org-add-member':
        return ops.setMember(em, need(a, 'organization'), need(b, 'account id'), true);
      case 'org-deactivate-member':
        return ops.setMember(em, need(a, 'organization'), need(b, 'account id'), false);
      case 'org-add-customer':
        return ops.addCustomer(em, need(a, 'organization'), need(b, 'account id'));
      case 'org-key':
        return ops.createOrgKey(em, need(a, 'organization'), need(b, 'member account id'), {
          routes: need(values.routes, '--routes')
            .split(';')
            .map((s) => s.trim())
            .filter(Boolean),
          customers: list(values.customers),
          domains: list(values.domains),
          namespaceOps: ops.parseNamespaceOps(need(values['ns-ops'], '--ns-ops')),
        });
      case 'org-revoke-key':
        return ops.revokeOrgKey(em, need(a, 'credential id'));
      case 'grant-gems':
        return ops.grantGems(em, need(a, 'account id'), need(b, 'amount'), values.memo);
      case 'gems-balance':
        return ops.gemsBalance(em, need(a, 'account id'));
      case 'create-coupon':
        return ops.createCoupon(em, need(a, 'code'), {
          percentOff: need(values['percent-off'], '--percent-off'),
          maxUses: need(values['max-uses'], '--max-uses'),
          namespace: values.namespace,
          expires: values.expires,
        });
      case 'expire':
        return ops.expireDomain(em, need(a, 'domain name'), values.stage, config.GRACE_PERIOD_DAYS);
      default:
        throw new ops.OpsError(`unknown command "${command}"\n\n${usage}`);
    }
  })();
  console.log(JSON.stringify(result, null, 2));
} catch (err) {
  if (!(err instanceof ops.OpsError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await orm.close();
}

/** `token` talks to the identity provider only, so it runs (and exits) before any database is opened. */
async function printDevToken(): Promise<never> {
  try {
    if (!a) throw new ops.OpsError(`missing username\n\n${usage}`);
    // Loaded for this command only: the identity provider's library is large, and every command is a process start.
    const { devAccessToken } = await import('../ops/dev-token.ts');
    const minted = await devAccessToken(config, a);
    console.log(values.raw ? minted.access_token : JSON.stringify(minted, null, 2));
    process.exit(0);
  } catch (err) {
    if (!(err instanceof ops.OpsError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** The DNSSEC commands talk to PowerDNS only, so they run (and exit) before any database is opened. */
async function printDnssec(): Promise<never> {
  try {
    const { dnssecCommand } = await import('../ops/dnssec.ts');
    console.log(JSON.stringify(await dnssecCommand(config, command as string, a, b), null, 2));
    process.exit(0);
  } catch (err) {
    if (!(err instanceof ops.OpsError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
