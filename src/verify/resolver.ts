import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// DNS answers validated from a trust anchor by a stock validator: unbound-host (libunbound, Debian's
// unbound-host package), run once per question with a configuration written from the settings. The
// validation is libunbound's; this file only says where to start and reads its verdict.

export interface ResolverSettings {
  /** The trust anchor as a DS line (`. DS 35215 13 2 …`): the Handshake root's unless configured. */
  trustAnchor: string;
  /** Where resolution starts: `host:port` of a root server; null: unbound's own root hints. */
  root: string | null;
  /** Zones asked at a given server instead of through the root's referral (a local PowerDNS). */
  stubs: { zone: string; address: string }[];
  /** unbound-host's path. */
  command: string;
}

/** secure: the chain validates; insecure: provably unsigned; bogus: signed but the chain is broken. */
export type Security = 'secure' | 'insecure' | 'bogus';

export type Answer =
  | { kind: 'records'; security: Security; records: string[]; why: string | null }
  | { kind: 'none'; security: Security | null; why: string }
  | { kind: 'unreachable'; why: string };

const TIMEOUT_MS = 8_000;

/** `host:port` as unbound writes a server address (`host@port`). */
const unboundAddress = (hostPort: string) => {
  const at = hostPort.lastIndexOf(':');
  return at > 0 ? `${hostPort.slice(0, at).replace(/^\[|\]$/g, '')}@${hostPort.slice(at + 1)}` : hostPort;
};

function configText(s: ResolverSettings): string {
  const lines = ['server:', '  do-not-query-localhost: no', `  trust-anchor: "${s.trustAnchor}"`];
  if (s.root) lines.push('stub-zone:', '  name: "."', `  stub-addr: ${unboundAddress(s.root)}`);
  for (const stub of s.stubs)
    lines.push(
      'stub-zone:',
      `  name: "${stub.zone.replace(/\.?$/, '.')}"`,
      `  stub-addr: ${unboundAddress(stub.address)}`,
    );
  return `${lines.join('\n')}\n`;
}

/** One configuration file per settings object, written at its first question. */
const files = new WeakMap<ResolverSettings, string>();
function configFile(s: ResolverSettings): string {
  let path = files.get(s);
  if (!path) {
    path = join(mkdtempSync(join(tmpdir(), 'registry-verify-')), 'unbound.conf');
    writeFileSync(path, configText(s));
    files.set(s, path);
  }
  return path;
}

/**
 * Reads unbound-host's verbose answer: one line per record, `<name> has <TYPE> record <rdata> (secure)`
 * (`has address` for A), or `<name> has no <TYPE> record`, `Host <name> not found: 3(NXDOMAIN).`, with
 * `(insecure)` or `(BOGUS (security failure))` and a `validation failure <…>: reason` line when the chain fails.
 */
export function readAnswer(output: string, type: string): Answer {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const failure = lines.find((l) => /validation failure/i.test(l)) ?? null;
  const security: Security | null =
    /BOGUS/.test(output) || failure
      ? 'bogus'
      : /\(secure\)/.test(output)
        ? 'secure'
        : /\(insecure\)/.test(output)
          ? 'insecure'
          : null;
  const marker = type === 'A' ? ' has address ' : ` has ${type} record `;
  const records = lines
    .filter((l) => l.includes(marker))
    .map((l) => l.slice(l.indexOf(marker) + marker.length).replace(/\s*\((secure|insecure|BOGUS.*)\)\s*$/, ''));
  if (records.length) return { kind: 'records', security: security ?? 'insecure', records, why: failure };
  if (failure) return { kind: 'none', security: 'bogus', why: failure };
  // NXDOMAIN and NODATA are answers (the name or the type is not there); SERVFAIL, REFUSED and the like
  // without a validation failure mean no server gave one.
  const none = lines.find((l) => / has no |NXDOMAIN/i.test(l));
  if (none) return { kind: 'none', security, why: none };
  const failed = lines.find((l) => /not found: \d+\(/.test(l));
  if (failed) return { kind: 'unreachable', why: failed };
  return { kind: 'unreachable', why: lines.at(-1) ?? 'no answer' };
}

/** Asks for `type` at `name`, validated; never throws. */
export function resolveValidated(s: ResolverSettings, name: string, type: string): Promise<Answer> {
  return new Promise((resolve) => {
    let conf: string;
    try {
      conf = configFile(s);
    } catch (err) {
      resolve({ kind: 'unreachable', why: `cannot write the resolver's configuration: ${(err as Error).message}` });
      return;
    }
    execFile(
      s.command,
      ['-C', conf, '-v', '-t', type, name.replace(/\.$/, '')],
      { timeout: TIMEOUT_MS, maxBuffer: 256 * 1024 },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean }) | null;
        if (e?.code === 'ENOENT')
          return resolve({
            kind: 'unreachable',
            why: `${s.command} not found: apt-get install unbound-host (or set VERIFY_UNBOUND_HOST_PATH)`,
          });
        if (e?.killed) return resolve({ kind: 'unreachable', why: `no answer within ${TIMEOUT_MS / 1000} s` });
        resolve(readAnswer(`${stdout}\n${stderr}`, type));
      },
    );
  });
}
