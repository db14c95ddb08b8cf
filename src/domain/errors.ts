// One error vocabulary for the whole service: a stable machine code, the HTTP status it maps to, and a
// message for people. Handlers and domain code throw AppError; the HTTP error handler renders it.
export const errorCodes = {
  validation_failed: 400,
  invalid_request: 400,
  ambiguous_credentials: 400,
  invalid_claim_code: 400,
  login_failed: 400,
  unauthorized: 401,
  invalid_credential: 401,
  credential_not_accepted: 403,
  route_not_allowed: 403,
  forbidden: 403,
  /** A person names a team (X-Team-Id) they are not a member of. */
  not_a_member: 403,
  /** The member's role in the team does not allow the operation (docs/teams.md "Roles"). */
  role_not_allowed: 403,
  /** Teams (docs/teams.md "Organizations"). */
  team_not_found: 404,
  member_not_found: 404,
  invitation_not_found: 404,
  invitation_used: 410,
  invitation_expired: 410,
  invitation_revoked: 410,
  last_owner: 409,
  team_not_empty: 409,
  key_not_found: 404,
  /** A name whose owner published no A2A endpoint has no agent card (docs/discovery.md). */
  no_agent_card: 404,
  /** The identity provider cannot be reached: at sign-in (oidc-flow.ts) or to validate a bearer token. */
  idp_unavailable: 503,
  invalid_json: 400,
  /** A body whose bytes are not UTF-8, or a JSON string with a lone surrogate (docs/api.md "Text input"). */
  invalid_utf8: 400,
  /** An HTTP/1.1 request without a Host header (src/http/plugins/host-header.ts). */
  missing_host: 400,
  invalid_name: 400,
  unknown_namespace: 400,
  namespace_mismatch: 400,
  payment_method_not_available: 400,
  unknown_target_owner: 400,
  invalid_receipt: 402,
  verification_unavailable: 503,
  payment_required: 402,
  insufficient_gems: 402,
  namespace_not_open: 403,
  name_reserved: 403,
  not_whitelisted: 403,
  // Spend mandates (docs/mandates.md): over a limit of the agent's mandate, or an operation or namespace it does not allow.
  mandate_exceeded: 403,
  mandate_forbids: 403,
  mandate_not_found: 404,
  // Approvals (docs/mandates.md "Approvals"): the person refused the purchase, or left it unanswered.
  approval_refused: 403,
  approval_expired: 403,
  approval_not_found: 404,
  approval_already_decided: 409,
  name_taken: 409,
  name_being_registered: 409,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  no_checkout: 409,
  checkout_not_awaiting_payment: 409,
  checkout_closed: 409,
  too_many_open_checkouts: 429,
  receipt_already_used: 409,
  lock_busy: 409,
  payment_landed: 409,
  lock_not_found: 404,
  order_not_found: 404,
  account_not_found: 404,
  already_owner: 409,
  domain_not_active: 409,
  storefront_taken: 409,
  term_too_long: 400,
  unsupported_action: 400,
  invalid_params: 400,
  // A mode the command interface defines (spec 4.8: confirm, execute) that this server does not run yet.
  mode_not_implemented: 400,
  coupon_invalid: 400,
  owner_unknown: 409,
  invalid_target: 400,
  subscription_not_found: 404,
  subscription_disabled: 409,
  delivery_not_found: 404,
  webhooks_unavailable: 503,
  name_being_renewed: 409,
  network_not_enabled: 403,
  // The USDC route (docs/payments.md "USDC route"): the relay reports settlement off, cannot be reached, or
  // offers terms other than ours; a payment may be in flight; a reconcile found nothing confirmed.
  settlement_disabled: 503,
  relay_unavailable: 503,
  relay_terms_mismatch: 503,
  payment_may_be_in_flight: 409,
  settlement_not_confirmed: 409,
  not_a_relay_checkout: 409,
  // An x402 PAYMENT-SIGNATURE the relay refused to settle (its reason in details.reason), or one whose
  // authorization already pays another checkout.
  authorization_refused: 402,
  authorization_bound_elsewhere: 409,
  // The secondary market (docs/market.md "Market").
  invalid_listing: 400,
  invalid_amount: 400,
  unknown_currency: 400,
  offer_below_minimum: 400,
  not_listed: 404,
  listing_not_found: 404,
  offer_not_found: 404,
  own_domain: 409,
  domain_not_listable: 409,
  name_being_bought: 409,
  offer_not_pending: 409,
  currency_not_accepted: 400,
  // A name's ERC-8004 entry (docs/discovery.md "On chain"): made once per name; not offered without a registry.
  already_on_chain: 409,
  // A name's registrar lock (docs/teams.md "Registrar lock"): the move is refused while it holds.
  name_locked: 423,
  // A batch does not pay (docs/teams.md "Batch"): an operation that would answer a payment challenge.
  batch_cannot_pay: 402,
  not_locked: 409,
  unlock_not_found: 404,
  unlock_pending: 409,
  onchain_identity_unavailable: 403,
  // DNS records (docs/dns-and-rdap.md "DNS").
  invalid_record: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  namespace_not_found: 404,
  domain_not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  uri_too_long: 414,
  headers_too_large: 431,
  request_timeout: 408,
  bad_request: 400,
  rate_limited: 429,
  not_ready: 503,
  overloaded: 503,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Members rendered beside `code` where the specification puts them there (spec 7's floor error). */
  readonly fields: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    details?: Record<string, unknown>,
    headers?: Record<string, string>,
    fields?: Record<string, unknown>,
  ) {
    super(message);
    this.code = code;
    this.statusCode = errorCodes[code];
    this.details = details;
    this.headers = headers;
    this.fields = fields;
  }
}

/** The refusal for a name nobody holds, the same wherever a domain is looked up. */
export function domainNotFound(name: string): AppError {
  return new AppError('domain_not_found', `Domain ${name} is not registered.`);
}

/** Gems short of a price: refused before a checkout starts, and again atomically with the debit. */
export function insufficientGems(balance: number, price: number): AppError {
  return new AppError('insufficient_gems', `Insufficient gems: balance ${balance}, price ${price}.`, {
    balance,
    price,
  });
}
