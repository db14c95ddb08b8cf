import type { z } from 'zod';
import type { verifyResponse } from '../../../api/routes/verify.schemas.ts';
import { html, type SafeHtml } from '../../../pages/html.ts';

/** The verifier's report as GET /api/v1/verify/{name} answers it. */
export type VerifyReport = z.input<typeof verifyResponse>;

const CHECK_TITLES: Record<string, string> = {
  dnssec: 'DNSSEC chain from the trust anchor',
  dns_aid: 'DNS-AID SVCB records',
  ensip_txt: 'ENSIP TXT records',
  card_signature: 'A2A card signature',
  erc8004: 'ERC-8004 entry on chain',
  domain_proof: 'Endpoint-domain proof',
  a2a_endpoint: 'A2A endpoint answers',
  mcp_endpoint: 'MCP endpoint answers',
};

/**
 * What the world sees of the name (docs/discovery.md "Verify an agent"): asked only when the person asks
 * (a link, since it questions DNS, hosts and a chain), each check with its outcome and why.
 */
export function renderVerify(name: string, report: VerifyReport | null): SafeHtml {
  const ask = html`<p>
    <a href="/dashboard/domains/${name}?verify=1#verify-heading">Verify now</a>: checks what resolvers and agents see of
    this name, as anyone can with <code>GET /api/v1/verify/${name}</code>.
  </p>`;
  if (!report)
    return html`<section aria-labelledby="verify-heading">
      <h2 id="verify-heading">Verification</h2>
      ${ask}
    </section>`;
  const rows = report.checks.map(
    (c) =>
      html`<tr>
        <th scope="row">${CHECK_TITLES[c.id] ?? c.id}</th>
        <td>${c.outcome}</td>
        <td>${c.reason ?? ''}</td>
      </tr>`,
  );
  return html`<section aria-labelledby="verify-heading">
    <h2 id="verify-heading">Verification</h2>
    <p id="verify-verdict">
      <strong>${report.verified ? 'Verified' : 'Not verified'}</strong>;
      ${report.reachable ? 'its endpoints answer' : 'its endpoints do not all answer'} (checked ${report.checked_at}).
    </p>
    <table>
      <caption>
        Each check: pass, fail, absent (nothing published to check) or unreachable (no answer)
      </caption>
      <thead>
        <tr>
          <th scope="col">Check</th>
          <th scope="col">Outcome</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
    ${ask}
  </section>`;
}
