import type { Config } from '../config/env.ts';
import { rootTrustAnchor } from '../dns/root-anchor.ts';
import { verifyAgent, type VerifierDeps, type VerifyReport } from './agent.ts';

// The verifier as the app holds it: its settings read once, and each name's report kept a minute, so a burst
// of asks for one name costs the outside world one round of questions. Concurrent asks for a name share it.

export const REPORT_TTL_MS = 60_000;
const MAX_KEPT = 1_000;

export interface Verifier {
  verify(name: string): Promise<VerifyReport>;
}

export function verifierDeps(config: Config): VerifierDeps {
  return {
    resolver: {
      trustAnchor: config.VERIFY_TRUST_ANCHOR ?? rootTrustAnchor().ds,
      root: config.VERIFY_DNS_ROOT ?? null,
      stubs: (config.VERIFY_DNS_STUBS ?? '')
        .split(',')
        .filter(Boolean)
        .map((s) => {
          const [zone, address] = s.split('=') as [string, string];
          return { zone, address };
        }),
      command: config.VERIFY_UNBOUND_HOST_PATH,
    },
    policy: { allowInsecureLocal: config.WEBHOOK_ALLOW_INSECURE_LOCAL },
    chain: config.BASE_RPC_URL ? { chainId: config.ERC8004_CHAIN_ID, rpcUrl: config.BASE_RPC_URL } : null,
  };
}

export function verifierService(deps: { config: Config }): Verifier {
  const settings = verifierDeps(deps.config);
  const kept = new Map<string, { at: number; report: Promise<VerifyReport> }>();
  return {
    verify(name) {
      const now = Date.now();
      const hit = kept.get(name);
      if (hit && now - hit.at < REPORT_TTL_MS) return hit.report;
      if (kept.size >= MAX_KEPT) for (const [k, v] of kept) if (now - v.at >= REPORT_TTL_MS) kept.delete(k);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      const report = verifyAgent(name, settings);
      kept.set(name, { at: now, report });
      report.catch(() => kept.delete(name));
      return report;
    },
  };
}
