import { WITHIN_DAYS } from '../../domain/expiring.ts';

/**
 * What the OpenAPI document says of each operation beyond its schemas: a stable operationId (client
 * generators name methods after it) and a description for people. Keyed like the access table; a
 * test checks that every route has a row, and that ids are unique.
 */
export interface OperationDoc {
  operationId: string;
  description: string;
  /** When the operation answers with a redirect: what the 302's Location is. */
  redirect?: string;
  /** What a status means on this operation, where the document's general wording would not say it. */
  responses?: Record<string, string>;
}

export const operations: Record<string, OperationDoc> = {
  'GET /': {
    operationId: 'homePage',
    description: 'The HTML home page: namespaces, sign-in state and links. Where a browser lands after signing in.',
  },
  'GET /healthz': { operationId: 'liveness', description: 'Liveness only: the process answers.' },
  'GET /readyz': {
    operationId: 'readiness',
    description:
      'Readiness: one PostgreSQL round trip and one Temporal namespace check; 503 `not_ready` names what fails.',
  },
  'GET /api/v1/namespaces': {
    operationId: 'listNamespaces',
    description: 'Every namespace with its capability record (schema 1.0): launch phase, rails, term limits, URLs.',
  },
  'GET /api/v1/namespaces/{namespace}': {
    operationId: 'getNamespace',
    description: 'One namespace capability record.',
  },
  'GET /api/v1/domains/search': {
    operationId: 'searchDomains',
    description:
      'Availability and yearly prices (gems) of a bare name in every namespace, or of a full name in its namespace. `reason` says why a name is not available (`registered`, `being_registered`, `reserved`, …).',
  },
  'GET /api/v1/lookup/{domain_name}': {
    operationId: 'lookupDomain',
    description:
      'The public record of a registered domain: registration data, identity block, manifest links and profile; `for_sale` (asking price in gems and USD, currency marker `pathUSD`) and `min_offer` while the name is listed, else null.',
  },
  'GET /api/v1/domains/{domain_name}/shop-status': {
    operationId: 'getShopStatus',
    description: 'Whether the domain is bound to a storefront.',
  },
  'POST /api/v1/domains/quote': {
    operationId: 'quoteDomain',
    description:
      'A non-binding price for a name and term on the chosen machine-payment route. Reserves nothing and creates no order; re-quote before paying.',
  },
  'GET /tld/{tld_name}': { operationId: 'namespacePage', description: 'HTML landing page of a namespace for people.' },
  'GET /tld/{tld_name}/skill.md': {
    operationId: 'namespaceSkillFile',
    description: 'Plain-text skill file for agents: status, prices, how to register and pay, errors and rules.',
  },
  'POST /api/v1/agents/provision': {
    operationId: 'provisionAgent',
    description:
      'Creates an anonymous agent identity; returns its API key and a single-use claim code (both shown once). Rate-limited per address.',
  },
  'POST /oauth2/revoke': {
    operationId: 'revokeKey',
    description:
      'Revokes an agent or live API key (RFC 7009 style). Always the same 200, whether or not the token existed.',
  },
  'GET /auth/login': {
    operationId: 'startSignIn',
    description: 'Starts browser sign-in at the identity provider (authorization code + PKCE); redirects there.',
    redirect: 'To the identity provider; or, when reached on another host, to this path on the public address first',
  },
  'GET /auth/callback': {
    operationId: 'finishSignIn',
    description: 'The identity provider returns here; sets the session cookie and redirects to `return_to`.',
    redirect: 'To `return_to` (a same-site path; the home page by default), with the session cookie set',
  },
  'POST /auth/logout': { operationId: 'signOut', description: 'Ends the browser session.' },
  'GET /api/v1/agents/me': {
    operationId: 'getMe',
    description: 'The calling identity, without secrets, with its wallet and payout addresses.',
  },
  'PUT /api/v1/agents/me/payout-address': {
    operationId: 'setPayoutAddress',
    description:
      'Sets (`{"address": "0x…"}`, stored lowercase) or clears (`{"address": null}`) where your pathUSD sale proceeds are paid on chain. An EVM address of 40 hex digits; a mixed-case one must pass its EIP-55 checksum; the zero address is refused. A sale keeps the address it was made with: a change applies to later sales; without an address proceeds are held as a balance. Organization credentials are refused, as on `/agents/me`.',
    responses: { '400': '`validation_failed`: not an address, a wrong checksum or the zero address; nothing changed' },
  },
  'POST /api/v1/agents/claim': {
    operationId: 'claimAgent',
    description: 'A signed-in operator binds an anonymous agent with its single-use claim code.',
  },
  'GET /api/v1/keys': {
    operationId: 'listKeys',
    description: "The signed-in account's API keys (never their secrets).",
  },
  'POST /api/v1/keys': {
    operationId: 'createKey',
    description: 'Creates an agent or live API key; the secret is shown once.',
  },
  'DELETE /api/v1/keys/{key_id}': {
    operationId: 'deleteKey',
    description: 'Revokes one of your keys; it stops working on the next request.',
  },
  'GET /api/v1/user/domains': {
    operationId: 'listUserDomains',
    description: 'Domains owned by the account behind the bearer token.',
  },
  'GET /api/v1/domains': {
    operationId: 'listManagedDomains',
    description: 'Domains the caller owns or manages, paginated.',
  },
  'GET /api/v1/domains/{domain_name}': {
    operationId: 'getManagedDomain',
    description: 'The management view of one domain the caller owns or manages.',
  },
  'POST /api/v1/domains/register': {
    operationId: 'registerDomain',
    description:
      'Registers a name. Default `mpp`: without a receipt a 402 challenge (`WWW-Authenticate: Payment`); pay `transferWithMemo(pay_to, amount_minor, memo)` on chain, then re-send with the transaction hash in `Authorization: Payment` or `receipt`. `gems` and free registrations complete at once; partner namespaces offer the hosted checkout to people (202). The USDC route (`X-MPP-Network: base-mainnet` and `mpp_network: base-mainnet`, with `X-API-Key`; operator-gated) answers 402 with the checkout relay’s session (`session_id`, single-use `session_token`, `settle_url`, `receipt_url`), the flat `payment_challenges` (x402 `exact`, EIP-3009, `eip155:8453`) and the request, domain and quote it is bound to; 503 `settlement_disabled` when the relay does not settle; asking again while a payment may be in flight is 409 `payment_may_be_in_flight`, never a second challenge.',
  },
  'POST /api/v1/domains/make-offer': {
    operationId: 'makeOffer',
    description:
      'Offers `amount` for a name (any registered name you do not own), in `gems` (whole) or `pathusd` (USD, at most two decimals). Under the seller’s floor (`min_offer` of the listing): 400 `offer_below_minimum` with `minimum` and `currency` beside `code` (spec 7). A gems offer moves the amount from your balance into the offer’s escrow at once (402 `insufficient_gems` otherwise); it comes back when the offer is rejected, withdrawn or expires (`OFFER_TTL_HOURS`), or goes to the seller when accepted. A pathUSD offer holds nothing: once accepted you pay it (`POST …/offers/{id}/pay`). Each offer is a run `offer:<id>` in Temporal.',
  },
  'GET /api/v1/domains/offers': {
    operationId: 'listOffers',
    description:
      'Offers you or the agents you claimed made (`direction: outgoing`) and offers on names you or they own now (`incoming`), newest first, in every status (`pending`, `accepted`, `rejected`, `withdrawn`, `expired`); paged (limit 1–100, default 50).',
  },
  'POST /api/v1/domains/offers/{offer_id}/respond': {
    operationId: 'respondToOffer',
    description:
      'The owner of the name (or the person who claimed the owning agent) accepts or rejects a pending offer. Accepting a gems offer sells the name from the escrow at once (the answer carries `sale_id`): the name moves, the split is posted, the other pending offers are rejected and their escrows given back. Accepting a pathUSD offer takes the name off sale and opens the bidder’s payment window (`CHECKOUT_TTL_SECONDS`). 200 only when the offer ended as asked; otherwise 409 `offer_not_pending` with the offer as it ended in `offer` (withdrawn, expired, rejected because the name was sold to someone else first, even after the acceptance was recorded). Not yours: 404.',
    responses: {
      '409':
        '`offer_not_pending`: the offer ended otherwise (withdrawn, expired, decided, or the name sold to someone else); `offer` is the offer as it ended.',
    },
  },
  'POST /api/v1/domains/offers/{offer_id}/withdraw': {
    operationId: 'withdrawOffer',
    description:
      'The bidder (or the person who claimed the bidding agent) withdraws a pending offer; a gems escrow comes back at once. Already decided (accepted and sold, rejected, expired): 409 `offer_not_pending` with the offer as it ended in `offer`.',
    responses: {
      '409': '`offer_not_pending`: the offer ended otherwise first; `offer` is the offer as it ended.',
    },
  },
  'POST /api/v1/domains/offers/{offer_id}/pay': {
    operationId: 'payAcceptedOffer',
    description:
      'The bidder pays an accepted pathUSD offer: without a receipt a 402 challenge for the offered amount (as registration’s); pay once and re-send with the transaction hash; the sale completes as a purchase does. After the window closes unpaid the offer ends `expired`.',
  },
  'POST /api/v1/domains/buy-secondary': {
    operationId: 'buySecondary',
    description:
      'Buys a listed name. Default `mpp`: without a receipt a 402 challenge for the USD asking price (pathUSD, like registration’s); pay once, re-send with the transaction hash; the name moves to the buyer (the key’s account, or the paying wallet’s identity). `payment_method: "gems"` buys at the gems price from your balance at once. One open purchase per name: a second buyer gets 409 `name_being_bought` before paying. A landed payment completes at the price it was challenged at, even if the listing changed; if the name changed hands meanwhile the payment is credited back as gems. `affiliate_id` (an account id or a person’s username, not the buyer or seller) earns 5%.',
  },
  'GET /checkout/{domain}': {
    operationId: 'humanCheckoutPage',
    description:
      'The human checkout (spec 4.7), an HTML page for a browser: the listed name, its gems price and the referrer named by `affiliate_id` (an account id or a person’s username; it earns 5%). Signed out: a sign-in link that returns here. Signed in (session cookie): your gem balance and a "Buy with gems" form that posts to this address with a form token. A name not listed is 404 `not_listed`, one listed in USD only 400 `currency_not_accepted`, your own 409 `own_domain`: to a browser (`Accept: text/html`) as a page with the code, to other clients as the JSON error body.',
    responses: { '200': 'The checkout page (text/html)' },
  },
  'POST /checkout/{domain}': {
    operationId: 'humanCheckoutBuy',
    description:
      'The checkout page’s form (`application/x-www-form-urlencoded`: `csrf_token`, `affiliate_id`), signed-in browsers only: buys the name with gems exactly as buy-secondary with `payment_method: "gems"` does (90% seller, 5% referrer, 5% platform) and answers with a page saying what was paid. Refused with 403 `forbidden` when the form comes from another site (`Sec-Fetch-Site`, `Origin`) or lacks this session’s token for this name; the purchase refusals (`insufficient_gems` 402, `not_listed` 404, `name_being_bought` 409, …) are pages to a browser and JSON error bodies to other clients.',
    responses: {
      '200': 'The purchase page (text/html): the name, the price paid and its split, the new balance',
      '403':
        '`forbidden`: the form came from another site or without its token (`details.reason`); or `credential_not_accepted`',
    },
  },
  'POST /api/v1/renew': {
    operationId: 'renewDomain',
    description:
      'Extends a name’s term from its current expiry date. Default `mpp`: without a receipt a 402 challenge like registration’s; anyone may pay (the owner never changes), and the paid retry answers 200 with `new_expiry_date` (a lost answer is given again for the same receipt, never a second extension). `gems` is the owner’s extension. A term never reaches more than 10 years ahead (400 `renewal_term_too_long` says how many years are allowed); in the grace period only the owner may renew; an expired or unknown name is 404.',
  },
  'PUT /api/v1/domains/{domain_name}/auto-renew': {
    operationId: 'setAutoRenew',
    description:
      'Turns auto-renew on with a price cap (`max_gems`, the most a one-year renewal may cost) or off. A few days before expiry (AUTO_RENEW_DAYS_BEFORE) the expiry sweep renews the name for one year from the owner’s gems when the price is within the cap, once per term; otherwise it writes `domain.renewal_failed` with the reason. Owner (or the owner’s operator) only.',
  },
  'POST /api/v1/webhooks/subscribe': {
    operationId: 'subscribeWebhook',
    description:
      'Subscribes the calling account (X-API-Key) to events. `target_url` must be https and resolve only to public addresses (checked now and before every delivery); `events` from the documented list; `secret` at least 24 printable characters, or omit it and a Standard Webhooks secret (`whsec_…`) is generated and shown in this answer only. The secret is never echoed again.',
  },
  'GET /api/v1/webhooks': {
    operationId: 'listWebhooks',
    description:
      'The calling account’s subscriptions and those of the agents it claimed (never their secrets). Takes a user key, a bearer token or a browser session.',
  },
  'GET /api/v1/webhooks/{subscription_id}': {
    operationId: 'getWebhook',
    description:
      'One subscription of the calling account or of an agent it claimed; anyone else’s is 404. Takes a user key, a bearer token or a browser session.',
  },
  'DELETE /api/v1/webhooks/{subscription_id}': {
    operationId: 'deleteWebhook',
    description: 'Deletes a subscription of the calling account.',
  },
  'POST /api/v1/webhooks/{subscription_id}/rotate-secret': {
    operationId: 'rotateWebhookSecret',
    description:
      'Replaces the signing secret (given, or generated and shown once); the previous one stays valid for 24 hours (`previous_secret_expires_at`), so a receiver can switch without losing events.',
  },
  'POST /api/v1/webhooks/{subscription_id}/enable': {
    operationId: 'enableWebhook',
    description:
      'Turns a disabled subscription (`disabled_reason` says why: 410 Gone, or days of failed deliveries) back on. Events from now on are delivered; events it missed can be sent with redeliver.',
  },
  'POST /api/v1/webhooks/{subscription_id}/ping': {
    operationId: 'pingWebhook',
    description:
      'Sends a signed `webhook.ping` event (`data`: `{subscription_id}`) to this subscription only, once, and answers with the attempt: status code, latency, error. Does not count toward disabling.',
  },
  'GET /api/v1/webhooks/{subscription_id}/deliveries': {
    operationId: 'listWebhookDeliveries',
    description:
      'The delivery log of a subscription of yours or of an agent you claimed (key, bearer token or session): every attempt, newest first, with its time, status code (null when no answer came), latency, error, the first kilobyte of the answer and where the delivery of that event stands (`pending`, `delivered`, `failed` after the whole schedule, `skipped` because the subscription was disabled).',
  },
  'POST /api/v1/webhooks/{subscription_id}/deliveries/{event_id}/redeliver': {
    operationId: 'redeliverWebhook',
    description:
      'Sends one event again to this subscription, with an attempt that starts after the request: a delivery waiting between attempts tries now (`retrying_now`); otherwise (an attempt in flight, or finished: delivered, failed or skipped) a redelivery run `webhook:<subscription>:<event>:redelivery-<ms>` makes the whole retry schedule (`restarted`). Only events the subscription was owed (404 otherwise); the subscription must be active (409). Receivers dedupe by `event_id`.',
  },
  'POST /api/payments/verify-mpp': {
    operationId: 'verifyMppPayment',
    description: 'Verifies a receipt for an open checkout by session id and registers the domain.',
  },
  'GET /api/v1/domains/{domain_name}/records': {
    operationId: 'getDnsRecords',
    description:
      'The owner’s DNS records as stored (absolute names, canonical content), whether the delegation is published (`dns_enabled`), the nameservers, the manifest TXT pointers every active name publishes at its apex, and `sync`: `published` once PowerDNS holds the latest change, `pending` while it is on its way. Bearer only (spec 5 rule 7); the owner or the owner’s operator.',
  },
  'PATCH /api/v1/domains/{domain_name}/records': {
    operationId: 'patchDnsRecords',
    description:
      'Sets or deletes record sets (spec 4.5): types A, AAAA, CNAME, TXT, MX, SRV, CAA; names relative to the domain (`@` is the apex) or absolute inside it. The records given for a name and type replace that rrset; `delete: true` removes it. Each item is answered `created`, `updated`, `deleted` or `unchanged`. One invalid item refuses the whole request (400 `invalid_record` with `details.index`) and nothing changes. The change is stored and pushed to PowerDNS by the `dns:<name>` workflow (retried while PowerDNS is down). Bearer only; the owner or the owner’s operator (403 `forbidden` for anyone else).',
  },
  'POST /api/v1/domains/{domain_name}/enable_dns': {
    operationId: 'enableDns',
    description:
      'Publishes the name’s delegation (NS, with glue where a nameserver lies under the name) in its namespace zone, so a resolver starting from the naming root reaches its records. Idempotent: a second call answers that DNS is already enabled and changes nothing. 409 `domain_not_active` in the grace period.',
  },
  'POST /api/v1/domains/{domain_name}/reset-lock': {
    operationId: 'resetRegistrationLock',
    description:
      'Ends an unpaid checkout and frees the name (its starter, the person who claimed that agent, or an operator). Never over a payment that has landed: then 409 `payment_landed` and the registration completes. On the USDC route the checkout relay closes the session first and the lock is released only when it reports `expired_unpaid` (nothing was ever prepared for it); an authorization it accepted keeps the lock: 409 `lock_busy` with `details.settlement_status`.',
  },
  'GET /api/v1/domains/{domain_name}/registration': {
    operationId: 'getRegistrationProgress',
    description: 'Where your running registration of a name stands.',
  },
  'GET /api/agent/register-status/{order_id}': {
    operationId: 'getRegistrationOrder',
    description:
      'A registration order by its id (session id or hosted-checkout order id): state, order status, the domain’s id and status, the paying transaction and, on the USDC route, where the relay’s settlement stands (`unknown` when the relay cannot be asked: a payment may be in flight). Complete when settlement is `confirmed`, `order_status` `paid` and `domain_status` `active`.',
  },
  'POST /api/agent/register-status/{order_id}/reconcile': {
    operationId: 'reconcileRegistrationOrder',
    description:
      'USDC route (spec 4.6 step 8): looks at the relay now; a confirmed settlement is checked on chain (a `Transfer` of exactly the amount to the receiver) and the domain activated, then the order status is answered. Idempotent: a completed order is answered as it is (same payment reference; no second transfer, order or domain). Not confirmed: 409 `settlement_not_confirmed` with `details.settlement_status`, and nothing is activated; relay unreachable: 503 `relay_unavailable` (poll, never pay again).',
  },
  'POST /api/v1/checkout/gfavip/callback': {
    operationId: 'hostedCheckoutCallback',
    description:
      'The hosted checkout reports a paid order. Signed: `X-Service-Signature` is the hex HMAC-SHA256 of the raw body.',
  },
  'GET /api/v1/domains/activity': {
    operationId: 'listActivity',
    description:
      'Your orders as payer or owner, newest first: registrations, renewals, transfers, and the market’s purchases, sales, payouts and offer escrows. Market orders carry `details` (a sale’s parties and split, a payout’s address, the offer); pathUSD amounts are USD decimal strings (`amount`). The payment fields and `details` are shown to the payer only.',
  },
  'GET /api/v1/domains/{domain_name}/agent.json': {
    operationId: 'getAgentManifest',
    description: "The domain's agent manifest (JSON), with `for_sale` and `min_offer` as lookup shows them.",
  },
  'GET /api/v1/domains/{domain_name}/skill.md': {
    operationId: 'getAgentSkill',
    description: "The domain's agent skill document (markdown).",
  },
  'GET /rdap/domain/{name}': {
    operationId: 'rdapDomain',
    description:
      'RDAP (RFC 9083) domain object of a held name, as `application/rdap+json`: `handle` `<record id>-<NAMESPACE>`, `status` (active → `active`; grace → `inactive`, `server hold`, `server transfer prohibited`, with a remark saying until when the holder may renew), registration, expiration and last-changed events, the registry as the only entity (role `registrar`: no contact data of the holder is published), the nameservers once the holder enabled DNS, `secureDNS`, notices (terms and rate limit, status codes) and links to the JSON lookup and the agent manifest. Errors are RDAP error objects (`errorCode`, `title`, `description`): a malformed name or one outside the namespaces 400, a name no record holds (never registered, or expired) 404. Under /rdap, other query types (nameserver, entity, searches) are 501 and unknown paths 404. Public, limited per client address like lookup.',
  },
  'GET /rdap/help': {
    operationId: 'rdapHelp',
    description:
      'RDAP (RFC 9083 section 7) help: `rdapConformance` and notices saying what the service offers (domain lookup only), its rate limit and terms of use.',
  },
  'POST /api/v1/domains/transfer': {
    operationId: 'transferDomain',
    description: 'Moves a domain you own or manage to another account; records a transfer order and event.',
  },
  'PATCH /api/v1/domains/{domain_name}/profile': {
    operationId: 'updateProfile',
    description:
      'Changes what the domain publishes: the profile fields (`display_name`, `description`, `endpoints`, `avatar_url`, `website`, `did`, `matrix`), `capabilities_preview` and `squad_id`. Each field sent replaces that field, `null` removes it, fields not sent stay; an unknown field is a 400. Lookup, agent.json and skill.md show the change at once. A change writes one `profile.updated` event naming the fields that changed; a request that changes nothing writes nothing (`updated_fields: []`). Owner, claiming operator, or an organization credential with the `profile` operation.',
  },
  'PUT /api/v1/domains/{domain_name}/skill.md': {
    operationId: 'putOwnerSkill',
    description:
      "Publishes the owner's skill text: the body is the markdown itself (`Content-Type: text/markdown` or `text/plain`), at most 16,000 characters. The domain's skill.md shows it, quoted, in a section marked as published by the owner and unverified.",
  },
  'DELETE /api/v1/domains/{domain_name}/skill.md': {
    operationId: 'deleteOwnerSkill',
    description: "Removes the owner's skill text; skill.md shows only what the registry knows.",
  },
  'PUT /api/v1/domains/{domain_name}/storefront': {
    operationId: 'bindStorefront',
    description:
      'Binds the domain to a storefront: `profile.commerce_catalog` and shop-status show it. A domain has at most one storefront (binding another replaces it) and a storefront at most one domain: one bound elsewhere is 409 `storefront_taken`.',
    responses: { '409': '`storefront_taken`: the storefront is bound to another domain; unbind it there first' },
  },
  'DELETE /api/v1/domains/{domain_name}/storefront': {
    operationId: 'unbindStorefront',
    description: 'Unbinds the domain from its storefront (nothing to do when none is bound).',
  },
  'PUT /api/v1/domains/{domain_name}/listing': {
    operationId: 'putListing',
    description:
      'Lists a domain you own (or manage) for sale, or replaces its listing: `price` in whole gems and/or USD (at most two decimals, paid in pathUSD), and optionally `min_offer`, the floor for offers, never above the price. The seller is the current owner; replacing keeps `listed_at`. Lookup and agent.json show it at once. A transfer, a sale or expiry ends the listing. Owner, claiming operator, or an organization credential with the `transfer` operation.',
    responses: {
      '400':
        '`validation_failed` (the body’s shape) or `invalid_listing` (no price, an amount out of range, more than two decimals, a floor above the price)',
      '409':
        '`domain_not_listable`: the name is in its grace period, or an open registration or purchase checkout holds it',
    },
  },
  'DELETE /api/v1/domains/{domain_name}/listing': {
    operationId: 'deleteListing',
    description: 'Withdraws the listing of a domain you own or manage; 404 `not_listed` when it has none.',
  },
  'GET /api/v1/domains/for-sale': {
    operationId: 'listForSale',
    description:
      'Names listed for sale (active names only), newest listing first, paged (`limit` 1–100, default 50; `offset`). `currency=gems` keeps the names with a price in gems, `currency=usd` those with a price in USD.',
  },
  'GET /api/v1/domains/sold': {
    operationId: 'listSold',
    description:
      'Completed secondary sales, newest first, paged (`limit` 1–100, default 50; `offset`): the name, the currency, the price (gems, or USD) and whether it was bought at the asking price or by an accepted offer. No account ids.',
  },
  'POST /api/v1/command': {
    operationId: 'runCommand',
    description: `A structured command, \`dry_run\` only. \`show_expiring_domains\` lists the domains you and the agents you claimed own that expire within \`within_days\` (${WITHIN_DAYS.min}–${WITHIN_DAYS.max}: ten years of terms and the longest grace period; default ${WITHIN_DAYS.default}); \`renew_domain\` says what renewing a domain you own or manage would cost (\`mpp\`, \`agent_mpp\`, \`agent\`: agent price in USD on the mpp route; anything else: human price in gems) and where its expiry would move. Nothing is charged, renewed or written. Every answer, errors included, is the command envelope (spec 7).`,
    responses: {
      '200':
        'The dry run: `result` with `summary`, both `requires_*` flags, `resolved`, `data` or `pricing`, `next_step`',
      '400':
        '`unsupported_action` (anything but the two actions), `mode_not_implemented` (a mode other than `dry_run`: `confirm` and `execute` are planned), `invalid_params` (`error.details.issues`), `term_too_long` (`error.details.max_years`), `invalid_name`, `unknown_namespace`, `validation_failed` (the envelope itself), `invalid_json`',
      '403': '`credential_not_accepted` (an API key: sessions and bearer tokens only) or `forbidden` (not your domain)',
      '404': '`domain_not_found`',
    },
  },
};

/** Top-level tags, in the order a reader meets them. */
export const tags = [
  { name: 'discovery', description: 'Search, lookup and quotes: public, read-only.' },
  { name: 'registration', description: 'Registering and paying for names; checkout status and locks.' },
  { name: 'management', description: 'Your domains, activity and transfers.' },
  { name: 'profile', description: 'What your domains publish: profile, skill text, storefront.' },
  {
    name: 'market',
    description: 'The secondary market: listings, purchases, offers, sales (90% seller, 5% referrer, 5% platform).',
  },
  {
    name: 'rdap',
    description: 'Registration data over RDAP (RFC 7480, 9082, 9083): public, read-only, `application/rdap+json`.',
  },
  { name: 'command', description: 'Structured commands for agents and the dashboard (dry runs).' },
  { name: 'identity', description: 'Agent identities, claiming and revocation.' },
  { name: 'keys', description: 'The API-key dashboard (signed-in people).' },
  {
    name: 'webhooks',
    description:
      'Webhook subscriptions of an account (X-API-Key): signed, at-least-once delivery of the events about its domains, with a delivery log.',
  },
  { name: 'auth', description: 'Browser sign-in with the identity provider.' },
  { name: 'pages', description: 'HTML pages and skill files.' },
  { name: 'health', description: 'Liveness and readiness.' },
];
