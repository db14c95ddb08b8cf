import type { NamespaceInfo } from '../domain/namespace-directory.ts';
import { phaseLabels, registrationOpen } from '../domain/namespace-directory.ts';
import { formatUsd, gemsToUsdMicros, MAX_YEARS, MIN_YEARS } from '../domain/money.ts';
import { LABEL_MAX } from '../domain/names.ts';
import type { PageContext } from './landing.ts';
import { priceLine } from './landing.ts';

function exampleLabel(ns: NamespaceInfo): string {
  let label = 'my-agent';
  for (let i = 2; ns.reserved_names.includes(label); i++) label = `my-agent-${i}`;
  return label;
}

const registrationLabels: Record<NamespaceInfo['launch_phase'], string> = {
  public: 'open to every account',
  sunrise: 'open to whitelisted accounts only',
  coming_soon: 'closed until launch',
};

function statusSection(ns: NamespaceInfo, ctx: PageContext): string[] {
  const lines = [
    `- Launch phase: \`${ns.launch_phase}\` — ${phaseLabels[ns.launch_phase]}`,
    `- Registration: ${registrationLabels[ns.launch_phase]}`,
    `- Yearly price for agents: ${priceLine(ns.price_per_year.agent, ctx)}`,
    `- Yearly price for humans: ${priceLine(ns.price_per_year.human, ctx)}`,
    `- Term: ${MIN_YEARS} to ${MAX_YEARS} years; the total is the yearly price times the years.`,
    `- Restrictions: ${ns.whitelist_rule}`,
    `- Source: ${ns.source} (provider \`${ns.provider}\`)`,
  ];
  if (ns.launch_phase === 'sunrise') {
    lines.push('- Sunrise: only accounts on the operator whitelist may register; other accounts get HTTP 403.');
  }
  if (ns.launch_phase === 'coming_soon') {
    lines.push('- Coming Soon: registration is closed. You may search, but do not try to register or pay yet.');
  }
  const reserved = ns.reserved_names.length ? ns.reserved_names.map((r) => `\`${r}\``).join(', ') : 'none';
  lines.push(`- Reserved names (cannot be registered): ${reserved}`);
  return lines;
}

function registerSection(ns: NamespaceInfo, ctx: PageContext): string[] {
  const base = ctx.baseUrl.replace(/\/+$/, '');
  const label = exampleLabel(ns);
  const full = `${label}.${ns.namespace}`;
  const usd = formatUsd(gemsToUsdMicros(ns.price_per_year.agent, ctx.gemUsdRate));
  const register = `{"domain":"${label}","namespace":"${ns.namespace}","years":1,"agreed_to_terms":true}`;
  const lines: string[] = [];
  if (!registrationOpen(ns.launch_phase)) {
    lines.push(`> Registration in .${ns.namespace} is closed (Coming Soon). These steps apply once it opens.`, '');
  }
  lines.push(
    `The examples register \`${full}\`; replace \`${label}\` with the name you want.`,
    '',
    '1. Check availability (no authentication):',
    '',
    '   ```sh',
    `   curl -s '${base}/api/v1/domains/search?q=${full}'`,
    '   ```',
    '',
    '   Each item in `results` has `domain`, `available`, `reason`, `agent_price` and `human_price` (gems per year). Continue only if `available` is true.',
    '',
    '2. Get an API key. Provisioning creates an anonymous identity and returns an API key and a claim code:',
    '',
    '   ```sh',
    `   curl -s -X POST '${base}/api/v1/agents/provision' -H 'Content-Type: application/json' -d '{}'`,
    '   ```',
    '',
    '   Send the key as `X-API-Key: <API_KEY>` on every following request. Keep the claim code for a human operator who may later claim the identity.',
    '',
    '3. Get a quote (it reserves nothing and creates no order):',
    '',
    '   ```sh',
    `   curl -s -X POST '${base}/api/v1/domains/quote' -H 'Content-Type: application/json' -H 'X-API-Key: <API_KEY>' \\`,
    `     -d '{"domain":"${label}","namespace":"${ns.namespace}","years":1}'`,
    '   ```',
    '',
    `4. Register. Body fields: \`domain\`, \`namespace\`, \`years\` (${MIN_YEARS}-${MAX_YEARS}) and \`agreed_to_terms\` (must be \`true\`):`,
    '',
    '   ```sh',
    `   curl -s -i -X POST '${base}/api/v1/domains/register' -H 'Content-Type: application/json' -H 'X-API-Key: <API_KEY>' \\`,
    `     -d '${register}'`,
    '   ```',
    '',
    '   Without a receipt the default `mpp` rail answers HTTP 402 with a `WWW-Authenticate: Payment` challenge header and a body like:',
    '',
    '   ```json',
    `   {"status":"payment_required","protocol":"mpp","amount":${usd},"currency":"${ctx.currency}","session_id":"<SESSION_ID>","pay_url":"<PAY_URL>"}`,
    '   ```',
    '',
    `   \`amount\` is the price converted at the fixed gem rate (here ${ns.price_per_year.agent} gems = ${usd} ${ctx.currency} for one year at the agent price). Pay it once through \`pay_url\` with your MPP client; the payment gives you a receipt. Then send the same request again with the receipt, keeping \`X-API-Key\` as your identity:`,
    '',
    '   ```sh',
    `   curl -s -X POST '${base}/api/v1/domains/register' -H 'Content-Type: application/json' -H 'X-API-Key: <API_KEY>' \\`,
    `     -H 'Authorization: Payment <RECEIPT>' -d '${register}'`,
    '   ```',
    '',
    '   Alternatively put the receipt in the body: `"receipt":"<RECEIPT>"`. HTTP 200 means the domain is registered.',
    '',
    '5. Confirm the public record:',
    '',
    '   ```sh',
    `   curl -s '${base}/api/v1/lookup/${full}'`,
    '   ```',
  );
  return lines;
}

function rulesSection(ns: NamespaceInfo): string[] {
  const lines = [
    `- Names: lowercase letters a-z, digits 0-9 and inner hyphens (not first or last), 1-${LABEL_MAX} characters. Uppercase input is lowercased; non-ASCII (internationalised) names are refused, never transcoded.`,
    '- Payment method: `mpp` is the default when `payment_method` is omitted. To pay from a gem balance, ask for it explicitly with `"payment_method":"gems"`; the price is deducted at once if the balance suffices.',
    '- The `base-mainnet` USDC route (`mpp_network: "base-mainnet"` / `X-MPP-Network: base-mainnet`) is operator-gated and is never an implicit fallback; use it only when it is explicitly enabled.',
    '- Never pay twice. If a response is lost after paying, re-submit the same request with the same receipt or reconcile the existing session; do not start a new payment.',
    '- A quote belongs to one request: re-quote before creating or retrying a payment.',
  ];
  if (ns.launch_phase === 'sunrise') {
    lines.push(`- Sunrise: only whitelisted accounts may register in .${ns.namespace}; any other account gets HTTP 403. Do not pay unless your account is whitelisted.`);
  }
  if (ns.launch_phase === 'coming_soon') {
    lines.push(`- Coming Soon: registration in .${ns.namespace} is closed until launch; register requests are refused.`);
  }
  if (ns.source === 'partners') {
    lines.push(
      `- Partner namespace (provider \`${ns.provider}\`): availability and price are authoritative only after provider preflight, so the search and quote answers are provisional. Agents register with \`mpp\` through the standard register route above; the hosted \`gfavip_checkout\` is for humans only.`,
    );
  }
  return lines;
}

export function renderSkillMd(ns: NamespaceInfo, ctx: PageContext): string {
  const open = registrationOpen(ns.launch_phase);
  return [
    `# .${ns.namespace} — skill file`,
    `> machine-hint: namespace=${ns.namespace} catalog_version=${ns.catalog_version} launch_phase=${ns.launch_phase} source=${ns.source} registration_open=${open}`,
    '',
    '## Overview',
    '',
    `.${ns.namespace} is a namespace of this registry. ${ns.tagline}`,
    '',
    ns.description,
    '',
    'Use cases:',
    '',
    ...ns.use_cases.map((u) => `- ${u}`),
    '',
    '## Current status',
    '',
    ...statusSection(ns, ctx),
    '',
    '## How to register',
    '',
    ...registerSection(ns, ctx),
    '',
    '## Special rules',
    '',
    ...rulesSection(ns),
    '',
  ].join('\n');
}
