import type { NamespaceInfo } from '../domain/namespace-directory.ts';
import { phaseLabels, registrationOpen } from '../domain/namespace-directory.ts';
import { formatUsd, gemsToUsdMicros, MAX_YEARS, MIN_YEARS } from '../domain/money.ts';
import { LABEL_MAX } from '../domain/names.ts';
import type { PageContext } from './landing.ts';
import { priceLine } from './landing.ts';
import { TRANSFER_CALL } from '../payments/mpp.ts';

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
  const micros = gemsToUsdMicros(ns.price_per_year.agent, ctx.gemUsdRate);
  const usd = formatUsd(micros);
  const register = `{"domain":"${label}","namespace":"${ns.namespace}","years":1,"agreed_to_terms":true}`;
  const example402 = {
    status: 'payment_required',
    protocol: 'mpp',
    amount: Number(usd),
    amount_minor: micros.toString(),
    currency: ctx.currency,
    session_id: '<SESSION_ID>',
    pay_url: '<EIP-681 URL of the same call>',
    expires_at: '<ISO 8601 time>',
    challenge: {
      token: '<TOKEN_ADDRESS>',
      pay_to: '<RECEIVER_ADDRESS>',
      chain_id: ctx.chainId ?? 0,
      memo: '<0x + 64 hex>',
      decimals: 6,
      call: TRANSFER_CALL,
      rpc_url: ctx.rpcUrl ?? null,
    },
  };
  const lines: string[] = [];
  if (!registrationOpen(ns.launch_phase)) {
    lines.push(`> Registration in .${ns.namespace} is closed (Coming Soon). These steps apply once it opens.`, '');
  }
  lines.push(
    `The examples register \`${full}\`; replace \`${label}\` with the name you want. You need a wallet holding ${ctx.currency} on chain ${ctx.chainId ?? '(see the 402 challenge)'}${ctx.rpcUrl ? ` (RPC ${ctx.rpcUrl})` : ''}.`,
    '',
    '1. Check availability (no authentication):',
    '',
    '   ```sh',
    `   curl -s '${base}/api/v1/domains/search?q=${full}'`,
    '   ```',
    '',
    '   Each item in `results` has `domain`, `available`, `reason`, `agent_price` and `human_price` (gems per year). Continue only if `available` is true (`reason` `being_registered` means someone else is paying for it right now).',
    '',
    '2. Get an API key. Provisioning creates an anonymous identity and returns an API key and a claim code:',
    '',
    '   ```sh',
    `   curl -s -X POST '${base}/api/v1/agents/provision' -H 'Content-Type: application/json' -d '{}'`,
    '   ```',
    '',
    "   Send the key (`api_key`) as `X-API-Key: <API_KEY>` on every following request. Keep the claim code for a human operator who may later claim the identity. (Without a key the payer's wallet becomes the identity.)",
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
    '   Without a receipt the default `mpp` rail answers HTTP 402 with a `WWW-Authenticate: Payment` challenge header (mppx format) and this body:',
    '',
    '   ```json',
    `   ${JSON.stringify(example402)}`,
    '   ```',
    '',
    `   \`amount\` is the price in ${ctx.currency} (here ${ns.price_per_year.agent} gems = ${usd} ${ctx.currency} for one year at the agent price) and \`amount_minor\` the same in 6-decimal minor units. The checkout holds the name for you until \`expires_at\`; sending the same request again before then returns the same 402 (same \`session_id\`).`,
    '',
    `5. Pay once, before \`expires_at\`. The challenge header is a standard MPP \`tempo\` charge (pathUSD on chain \`challenge.chain_id\`), so an MPP client pays it and re-sends the request for you, with no code of ours: the \`mppx\` CLI (\`MPPX_PRIVATE_KEY=<your key> MPPX_RPC_URL=<challenge.rpc_url> npx --yes -p mppx@0.11.0 -p viem@2.57.13 mppx '${base}/api/v1/domains/register' -J '${register}' -H 'X-API-Key: <API_KEY>'\`) or, in TypeScript after \`npm install mppx@0.11.0 viem@2.57.13\`, \`Mppx.create({ polyfill: false, methods: [tempo({ account, getClient: () => createClient({ transport: http('<challenge.rpc_url>') }) })] }).fetch(...)\` (\`Mppx\` and \`tempo\` from \`mppx/client\`, \`createClient\` and \`http\` from \`viem\`; without \`getClient\` mppx knows only Tempo mainnet's and testnet's RPC); step 6 is then done for you. Those versions are the ones this registry tests: a bare \`npm install mppx viem\` stops on ERESOLVE today, and a development chain (anvil, Tempo hardfork T4) refuses the random expiring nonce of viem 2.57.20 and later. Without an MPP client: from your wallet, call \`${TRANSFER_CALL}\` on the token contract \`challenge.token\`, on chain \`challenge.chain_id\` (RPC \`challenge.rpc_url\`), with the arguments \`challenge.pay_to\`, \`amount_minor\` and \`challenge.memo\` — exactly that amount, exactly that memo (it binds the payment to this checkout). \`pay_url\` is the same call as an EIP-681 payment request. Wait until the transaction is mined.`,
    '',
    '6. The receipt is the MPP credential an MPP client makes (`Authorization: Payment <credential>`) or, paid by hand, the transaction hash (`0x` + 64 hex digits). Send the same request again with it, keeping `X-API-Key` as your identity:',
    '',
    '   ```sh',
    `   curl -s -X POST '${base}/api/v1/domains/register' -H 'Content-Type: application/json' -H 'X-API-Key: <API_KEY>' \\`,
    `     -H 'Authorization: Payment <RECEIPT>' -d '${register}'`,
    '   ```',
    '',
    '   Or put it in the body: `"receipt":"<RECEIPT>"` (the same forms are accepted in both places). HTTP 200 means the domain is registered: the body has `domain` {`name`, `owner_id`, `expiry_date`, ...} and `order` {`order_id`, `payment_reference`, ...}.',
    '',
    `7. While it runs, \`GET ${base}/api/v1/domains/${full}/registration\` (with your key) shows where your checkout stands (\`awaiting_payment\`, \`verifying\`, \`activating\`).`,
    '',
    '8. Confirm the public record:',
    '',
    '   ```sh',
    `   curl -s '${base}/api/v1/lookup/${full}'`,
    '   ```',
  );
  return lines;
}

/** Spec 4.6, step by step, for an agent holding only USDC on Base and a key (shown when the route is open). */
function usdcSection(ns: NamespaceInfo, ctx: PageContext, checkoutUrl: string): string[] {
  const base = ctx.baseUrl.replace(/\/+$/, '');
  const full = `${exampleLabel(ns)}.${ns.namespace}`;
  const body = JSON.stringify({
    domain: exampleLabel(ns),
    namespace: ns.namespace,
    years: 1,
    agreed_to_terms: true,
    payment_method: 'mpp',
    mpp_network: 'base-mainnet',
  });
  const headers =
    "-H 'Content-Type: application/json' -H 'X-API-Key: <API_KEY>' -H 'X-Payment-Method: mpp' -H 'X-MPP-Network: base-mainnet'";
  return [
    'Pay in USDC on Base (chain id 8453) with an EIP-3009 authorization that you sign locally; a checkout relay settles it on chain. You never send your private key and never pay gas.',
    '',
    `With an x402 client (\`@x402/fetch\` and \`@x402/evm\`'s \`exact\` scheme), send the register request below with these headers through it and you are done: the 402 carries x402 v2's \`PAYMENT-REQUIRED\`, the client retries with \`PAYMENT-SIGNATURE\` and the 200 carries \`PAYMENT-RESPONSE\`. Allow the route's asset and price in the client's spend controls: a stock x402 client pays only the assets it knows (Base's USDC) and at most $1 unless told otherwise, and most names cost more. On Base, raise \`spendControls.maxAmountPerPayment\` (\`"$20"\`); where USDC sits at another address (a local chain: the quote's \`price.asset\`), list it: \`new x402Client().setSpendControls({ allowedAssets: [{ network: "eip155:8453", asset: <price.asset>, maxAmountPerPayment: "20000000" }] })\` (atomic units). The steps below do the same by hand.`,
    '',
    `1. \`GET ${checkoutUrl}/.well-known/payment-methods\`: the method with \`network\` \`eip155:8453\` must say \`settlement_enabled: true\` (note its \`asset\` and \`pay_to\`). If it is false the route is closed: do not pay.`,
    '2. Provision an identity (step 1 above) and send its key as `X-API-Key` on every call below.',
    `3. Quote, then register once per identity (\`${base}/api/v1/domains/quote\`, then \`${base}/api/v1/domains/register\`), both with: \`curl -s -X POST <url> ${headers} -d '${body}'\` (the quote ignores the extra fields). The quote shows \`price.amount_minor\` in USDC (6 decimals) and \`checkout_url\`. The register answer is HTTP 402 with \`session_id\`, a single-use \`session_token\` (shown once), \`settle_url\`, \`receipt_url\`, the flat \`payment_challenges\` {\`scheme\` \`exact\`, \`network\`, \`asset\`, \`payTo\`, \`amount\`, \`maxTimeoutSeconds\`, \`extra\` {\`assetTransferMethod\` \`eip3009\`, \`name\`, \`version\`}}, and what it is bound to: \`request\`, \`domain\` and \`quote\`.`,
    "4. Before signing, check: `payment_challenges.amount` equals the quote's `price.amount_minor` exactly and is within your budget; `asset`, `payTo` and `network` agree with the relay's method, the quote and the 402; `settle_url` and `receipt_url` are HTTPS (one exception, local development only: `http` on a loopback host — `127.0.0.1`, `localhost`, `[::1]` — as a registry run by `npm start` on your own machine answers with its own relay); the name is still available. Refuse to sign if anything differs.",
    '5. Sign a `TransferWithAuthorization` (EIP-712 domain: `name` and `version` copied exactly from `extra`, `chainId` 8453, `verifyingContract` = `asset`) with `from` your address, `to` = `payTo`, `value` = `amount`, a random 32-byte `nonce`, and `validBefore - validAfter` at most `maxTimeoutSeconds` (backdating included).',
    '6. `POST <settle_url>` with headers `X-Checkout-Session-Token: <session_token>` and `Idempotency-Key: <one stable value for this session and authorization>`, body `{"authorization":{"from","to","value","validAfter","validBefore","nonce"},"signature":"0x...","accepted":<payment_challenges unchanged>}` (numbers as decimal strings). If the answer is lost, send the very same request again (same key, same authorization).',
    '7. Poll `GET <receipt_url>` (same token header) while `status` is `prepared` or `broadcast`; `confirmed` means settled, with `tx_hash`. A timeout or lost answer is an unknown state: keep polling; never sign a replacement.',
    `8. \`POST ${base}/api/agent/register-status/<session_id>/reconcile\` (your key), then \`GET ${base}/api/agent/register-status/<session_id>\`: done when \`settlement.status\` is \`confirmed\`, \`order_status\` \`paid\`, \`domain_status\` \`active\`, with \`domain_id\`, \`registration.order_id\` and \`tx_hash\`. Reconcile is safe to repeat; before confirmation it answers \`409 settlement_not_confirmed\` and activates nothing.`,
    `9. \`GET ${base}/api/v1/lookup/${full}\` shows the public record.`,
    '',
    'If nothing you signed has reached the relay (your client refused to sign, say), asking again simply gives a fresh challenge: the old session is closed first. Once an authorization has reached it, asking again is `409 payment_may_be_in_flight` with where to poll, never a second challenge; the name is held until the relay settles or reports `expired_unpaid`. `503 settlement_disabled`: the relay is not settling: do not pay.',
  ];
}

function errorsSection(full: string, base: string): string[] {
  return [
    'Every error is JSON `{"status":"error","code":...,"message":...}`. What to do:',
    '',
    "- `402 invalid_receipt`: the receipt does not pay this checkout (wrong amount, memo, token or receiver, or another checkout's credential). Do not pay again; check you sent the hash of the payment made for this `session_id`.",
    '- `503 verification_unavailable`: the chain could not be read now. Re-send the same receipt later; never pay again.',
    `- \`409 name_being_registered\`: someone else has an open checkout for the name (or yours is verifying: re-send your receipt to get its outcome).`,
    '- `409 name_taken`: the name is registered.',
    '- `409 checkout_closed`: your checkout expired unpaid or was reset; send the request without a receipt for a new challenge. If you had paid it anyway (the payment landed after it closed), the answer carries `details.credited` (`gems`, `account_id`): what you paid is now gems on your account, credited once; do not pay that checkout again.',
    '- `429 too_many_open_checkouts`: you hold the most unpaid checkouts allowed at once; pay or reset one, or wait `Retry-After` seconds.',
    '- `503 overloaded` (any call): the service is busy and did nothing with this request; wait `Retry-After` seconds and send it again. `429 rate_limited`: the same, for your share of requests.',
    '- `503 not_ready` (any call): a part of the service was restarting and could not confirm your request; send the same request again in a moment for its outcome (it is never done twice).',
    '- `insufficient_gems`, `name_reserved`, `invalid_name`, `validation_failed` (and the phase rules below): nothing was started; fix the request.',
    `- \`mandate_exceeded\` / \`mandate_forbids\` (HTTP Forbidden): the person who manages you set a spend mandate, and this purchase is over one of its limits (\`details.limit\`: \`per_operation\`, \`per_day\` or \`per_30_days\`, with \`remaining\` and \`refills_at\`) or pays for an operation or namespace it does not allow (\`details.rule\`, \`allowed\`). Nothing was charged and no challenge issued; do not retry before \`refills_at\`, or ask your person. Read your mandate and what remains of it at \`GET ${base}/api/v1/agents/me\` (\`mandate\`, null when nothing is limited).`,
    `- \`202\` with \`status: approval_required\` (register, renew, buy, make-offer): the purchase is above your mandate's approval threshold and waits for the person who manages you, until \`expires_at\`. Nothing is charged, no challenge issued, no gems moved. Poll \`GET ${base}\` + \`status_url\` (\`/api/v1/approvals/{approval_id}\`, your key) every few seconds or minutes: \`pending\`, then \`approved\` (a gems purchase completes by itself: \`checkout.outcome\` becomes \`registered\`/\`renewed\`/\`purchased\`; an offer opens by itself, its \`offer_id\` the \`approval_id\`; a machine payment's \`checkout.stage\` becomes \`awaiting_payment\`: re-send the same request for its 402 and pay it), \`refused\` or \`expired\` (nothing charged; do not retry the same purchase without asking your person). You cannot approve your own purchase. On the USDC route a purchase needing approval is refused with \`mandate_forbids\` (\`rule: approval_required_on_usdc_route\`). A waiting purchase counts as one of your open checkouts (\`429 too_many_open_checkouts\` beyond the limit). Auto-renew never pays above the threshold: it announces \`domain.renewal_failed\` with \`reason: mandate_approval_required\`; renew it yourself (\`POST ${base}/api/v1/renew\`, which waits for the approval) before the grace period ends.`,
    `- Abandon an unpaid checkout only if you did not pay: \`POST ${base}/api/v1/domains/${full}/reset-lock\` (your key). If a payment has landed it answers \`409 payment_landed\` and the registration completes instead.`,
  ];
}

function afterSection(full: string, base: string): string[] {
  return [
    `- Your domains: \`GET ${base}/api/v1/domains\` and \`GET ${base}/api/v1/domains/${full}\` (key).`,
    `- Your orders: \`GET ${base}/api/v1/domains/activity\` (key). Your gems: \`GET ${base}/api/v1/agents/me/balance\`. Checkouts still waiting for your payment: \`GET ${base}/api/v1/checkouts\` (key).`,
    `- Your market (key): \`GET ${base}/api/v1/domains/listings\` (your listings), \`GET ${base}/api/v1/domains/sales\` (your sales, their split and payout); a subscription's events and their next attempt: \`GET ${base}/api/v1/webhooks/<subscription_id>/events\`; a name's auto-renew: \`GET ${base}/api/v1/domains/${full}/auto-renew\`.`,
    `- Your public documents: \`${base}/api/v1/domains/${full}/agent.json\` and \`${base}/api/v1/domains/${full}/skill.md\`.`,
    `- Your identity in agents' standards, built from your profile: an A2A Agent Card signed by the registry at \`${base}/agents/${full}/agent-card.json\` (once your profile has an \`a2a\` endpoint; keys at \`${base}/.well-known/jwks.json\`), your DID document \`${base}/agents/${full}/did.json\` and your ERC-8004 registration file \`${base}/agents/${full}/registration.json\`.`,
    `- Reach the registry in A2A (v1.0, JSON-RPC) at \`${base}/a2a\`: its card \`${base}/.well-known/agent-card.json\`; send a data part \`{"tool": "search_domains", "arguments": {"q": "scout"}}\` naming any MCP tool below; a paid call is a task in \`input-required\` carrying the 402 challenge: pay it and send \`{"credential": "Payment …"}\` in that task.`,
    `- Verify any agent by its name (yours or another's, free, no key): \`GET ${base}/api/v1/verify/<name>\` (MCP \`verify_agent\`) answers \`verified\` (the DNSSEC chain from the trust anchor, DNS-AID SVCB and ENSIP TXT records agreeing with its signed A2A card, its ERC-8004 entry) and, apart, \`reachable\` (its A2A and MCP endpoints answer), each check with \`pass\`, \`fail\` and why, \`absent\` or \`unreachable\`.`,
    `- Hand the domain to another account: \`POST ${base}/api/v1/domains/transfer\` with \`{"domain":"${full}","to_account_id":"<ACCOUNT_ID>"}\`.`,
    `- Publish your profile (your key): \`PATCH ${base}/api/v1/domains/${full}/profile\` with only the fields to change, e.g. \`{"display_name":"Scout","description":"...","capabilities_preview":["search"],"endpoints":{"a2a":"https://..."}}\` (\`null\` removes a field, unknown fields are refused); your own skill text: \`PUT ${base}/api/v1/domains/${full}/skill.md\` with the markdown as the body (\`Content-Type: text/markdown\`). Lookup, \`agent.json\` and \`skill.md\` show it at once.`,
    '- Give the claim code to the person who operates you; once claimed, lookup shows `identity.human_backed: true`.',
    `- Hear about your domains (your key): \`POST ${base}/api/v1/webhooks/subscribe\` with \`{"target_url":"https://<your endpoint>","events":["domain.renewed","domain.expiring","domain.grace_started","domain.expired","domain.transferred","domain.renewal_failed","domain.registered","profile.updated"]}\`; keep the \`secret\` it returns (shown once). Each POST carries \`X-Service-Signature\` (hex HMAC-SHA256 of the raw body; the key is the whole secret string exactly as returned, \`whsec_\` prefix included, as UTF-8 bytes) and Standard Webhooks headers (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`; there a \`whsec_…\` secret's key is the base64 after the prefix): verify one, refuse old timestamps, answer 2xx, and handle each \`event_id\` once (it may arrive again). Test it with \`POST ${base}/api/v1/webhooks/<id>/ping\`; see attempts at \`GET ${base}/api/v1/webhooks/<id>/deliveries\`.`,
    `- Sell it (your key): \`PUT ${base}/api/v1/domains/${full}/listing\` with \`{"price":{"gems":2000,"usd":20},"min_offer":{"gems":1500,"usd":null}}\` (either price may be null; \`DELETE\` withdraws). Set where pathUSD proceeds go: \`PUT ${base}/api/v1/agents/me/payout-address\` with \`{"address":"0x..."}\`; you receive 90% of each sale.`,
    `- Buy a listed name (\`GET ${base}/api/v1/domains/for-sale\`): \`POST ${base}/api/v1/domains/buy-secondary\` with \`{"domain":"<name>"}\` answers 402 for the USD price; pay it once like a registration and re-send with \`Authorization: Payment <transaction hash>\` (or add \`"payment_method":"gems"\` to pay from your balance). \`409 name_being_bought\`: someone else is buying it; do not pay.`,
    `- Make an offer (your key): \`POST ${base}/api/v1/domains/make-offer\` with \`{"domain":"<name>","amount":1200,"currency":"gems"}\` (gems are held until the offer ends) or \`"currency":"pathusd"\` (paid only once accepted, via \`POST ${base}/api/v1/domains/offers/<offer_id>/pay\`). \`400 offer_below_minimum\` gives the seller's \`minimum\`. See and answer offers: \`GET ${base}/api/v1/domains/offers\`, \`POST ${base}/api/v1/domains/offers/<offer_id>/respond\` with \`{"action":"accept"}\` or \`{"action":"reject"}\`.`,
    `- DNS: every active name publishes TXT \`agent-manifest=<agent.json URL>\` and \`skill-md=<skill.md URL>\` at its apex. Records are a person's to set (\`Authorization: Bearer\`, never your key, which is refused there with \`credential_not_accepted\`): the person who operates you signs in at \`${base}/auth/login\`, claims you with your claim code (the dashboard's Agents page, or \`POST ${base}/api/v1/agents/claim\` \`{"claim_code":…}\`), then sets them on the dashboard's page of the name or sends an OIDC access token of the identity provider that \`${base}/.well-known/oauth-protected-resource\` names (on a local development stack \`npm run ops -- token <username>\` mints one): \`PATCH ${base}/api/v1/domains/${full}/records\` with \`{"records":[{"type":"A","name":"@","content":"192.0.2.10","ttl":300},{"type":"TXT","name":"_agent","content":"v=agent1"}]}\` (types A, AAAA, CNAME, TXT, MX, SRV, CAA; the records given for a name and type replace that set; \`{"type":"CNAME","name":"old","delete":true}\` removes one; one bad item refuses all: \`400 invalid_record\`, \`details.index\`). \`GET\` the same URL shows them and \`sync\` (\`published\` once DNS holds them). They are served once the name is delegated (your key): \`POST ${base}/api/v1/domains/${full}/enable_dns\` (once; a second call changes nothing); until then the name publishes only its pointers and discovery records, DNSSEC-signed either way. Registration data: \`GET ${base}/rdap/domain/${full}\`.`,
    `- Guard it (your key): \`POST ${base}/api/v1/domains/${full}/lock\` locks it at once (transfer, listing, sale, delegation and NS changes then answer \`423 name_locked\`); \`POST …/unlock\` asks to lift it, which takes effect when a second person approves (\`…/unlock/approve\`: a member of the team that manages you, there since before the lock and the delay; never a key, nor the person who claimed you) or after the delay shown in \`effective_at\`; \`…/unlock/cancel\` keeps it locked. Up to 50 changes at once: \`POST ${base}/api/v1/batch\` with \`{"operations":[{"op":"lock","domain":"${full}"},{"op":"set_auto_renew","domain":"${full}","enabled":true}]}\` (ops \`renew\` with gems, \`set_auto_renew\`, \`patch_records\`, \`lock\`, \`list_for_sale\`; a batch never pays: \`402 batch_cannot_pay\`). Your changes, who made them and with which key: \`GET ${base}/api/v1/audit\`. Record your name on chain as an ERC-8004 identity: \`POST ${base}/api/v1/domains/${full}/erc8004\` (paid like a renewal: 402, pay once, re-send with the receipt; or \`{"payment_method":"gems"}\`).`,
    `- Renew before \`expiry_date\` (anyone may pay; no key needed): \`POST ${base}/api/v1/renew\` with \`{"domain":"${full}","years":1}\` answers 402 with a challenge like registration's; pay it once the same way, then re-send the same request with \`Authorization: Payment <transaction hash>\`. The 200 carries \`domain.new_expiry_date\`. A term reaches at most 10 years ahead (400 \`term_too_long\` says how many years are allowed).`,
  ];
}

function rulesSection(ns: NamespaceInfo): string[] {
  const lines = [
    `- Names: lowercase letters a-z, digits 0-9 and inner hyphens (not first or last), 1-${LABEL_MAX} characters. Uppercase input is lowercased; non-ASCII (internationalised) names are refused, never transcoded.`,
    '- Payment method: `mpp` is the default when `payment_method` is omitted. To pay from a gem balance, ask for it explicitly with `"payment_method":"gems"`; the price is deducted at once if the balance suffices.',
    '- The `base-mainnet` USDC route (`mpp_network: "base-mainnet"` / `X-MPP-Network: base-mainnet`) is operator-gated and is never an implicit fallback; use it only when it is explicitly enabled.',
    '- Never pay twice. If a response is lost after paying, re-send the same request with the same receipt: you get the same registration again. Do not start a new payment.',
    '- Send `Idempotency-Key: <a new UUID for each action>` on every call that pays or changes something (register, renew, transfer, make-offer, respond, withdraw, offer pay, buy-secondary, records, webhooks subscribe, profile, skill.md). If the answer is lost (timeout, reset connection, 5xx), send the very same request with the same key: you get the first answer (header `Idempotent-Replayed: true`) or the outcome of what it started, never a second charge. `409 idempotency_key_in_use`: the first is still running (or its server died: the key frees within 15 s); wait a second and retry. `422 idempotency_key_reused`: that key belongs to another request; use a new key for a new action. A `402` is not kept: the paid retry may carry the same key.',
    '- A quote belongs to one request: re-quote before creating or retrying a payment.',
  ];
  if (ns.launch_phase === 'sunrise') {
    lines.push(
      `- Sunrise: only whitelisted accounts may register in .${ns.namespace}; any other account gets HTTP 403. Do not pay unless your account is whitelisted.`,
    );
  }
  if (ns.launch_phase === 'coming_soon') {
    lines.push(
      `- Coming Soon: registration in .${ns.namespace} is closed until launch; register requests are refused.`,
    );
  }
  if (ns.source === 'partners') {
    lines.push(
      `- Partner namespace (provider \`${ns.provider}\`): availability and price are authoritative only after provider preflight, so the search and quote answers are provisional. Agents register with \`mpp\` through the standard register route above; gems are not accepted here, and the hosted \`gfavip_checkout\` is for signed-in humans only.`,
    );
  }
  return lines;
}

function mcpSection(base: string): string[] {
  const config = { mcpServers: { registry: { url: `${base}/mcp`, headers: { 'X-API-Key': '<API_KEY>' } } } };
  return [
    `An MCP host reaches the same operations as tools at \`${base}/mcp\` (streamable HTTP), with the same key (or \`Authorization: Bearer <token>\`, which \`set_dns_records\` and \`show_expiring_domains\` need):`,
    '',
    '```json',
    JSON.stringify(config),
    '```',
    '',
    'Tools take the same fields as the HTTP routes above (`domain`, `namespace`, `years`, `payment_method`, ...): `search_domains`, `lookup_domain`, `verify_agent`, `quote`, `register_domain`, `renew_domain`, `registration_status`, `register_onchain_identity`, `list_my_domains`, `set_dns_records`, `enable_dns`, `lock_domain`, `request_unlock`, `approve_unlock`, `cancel_unlock`, `batch`, `list_for_sale`, `buy_domain`, `make_offer`, `respond_to_offer`, `subscribe_webhook`, `show_expiring_domains`. A paid tool answers a payment-required error carrying the same `tempo` challenge; an MCP client wrapped by mppx (`McpClient`) pays it and calls again. Pass `request_id` to make a retried call safe (it is the Idempotency-Key).',
  ];
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
    ...(ctx.usdcCheckoutUrl
      ? ['### Paying with USDC on Base (`base-mainnet`)', '', ...usdcSection(ns, ctx, ctx.usdcCheckoutUrl), '']
      : []),
    '### Errors and what to do',
    '',
    ...errorsSection(`${exampleLabel(ns)}.${ns.namespace}`, ctx.baseUrl.replace(/\/+$/, '')),
    '',
    '### After registering',
    '',
    ...afterSection(`${exampleLabel(ns)}.${ns.namespace}`, ctx.baseUrl.replace(/\/+$/, '')),
    '',
    '### Over MCP',
    '',
    ...mcpSection(ctx.baseUrl.replace(/\/+$/, '')),
    '',
    '## Special rules',
    '',
    ...rulesSection(ns),
    '',
  ].join('\n');
}
