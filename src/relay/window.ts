/** An authorization's validity bounds, in seconds since the epoch (EIP-3009's uint256 as decimal strings). */
export interface ValidityBounds {
  validAfter: string;
  validBefore: string;
}

/**
 * The part of an authorization's validity window that can still be used at `nowSeconds`: from
 * max(validAfter, now) to validBefore. A `validAfter` in the past (the stock x402 client signs `0`) adds
 * nothing anyone could still use, so it does not count; one in the future counts whole. Negative when
 * the authorization has already lapsed (the facilitator refuses that on its own).
 */
export function usableWindowSeconds(a: ValidityBounds, nowSeconds: bigint): bigint {
  const after = BigInt(a.validAfter);
  return BigInt(a.validBefore) - (after > nowSeconds ? after : nowSeconds);
}

/**
 * How far ahead of the relay's a payer's clock may run. The stock x402 signer dates `validBefore` from its
 * own clock as now + maxTimeoutSeconds, with no slack, so a payer one second ahead would otherwise be
 * refused at random; 30 s is more than any synchronized clock drifts and keeps the rule's purpose.
 */
export const PAYER_CLOCK_SKEW_SECONDS = 30;

/**
 * The relay's span rule (spec 4.6 and its constants: "validBefore minus validAfter at most
 * maxTimeoutSeconds"), as docs/payments.md "The span rule" reads it: what is limited is the window that
 * can still be used when the relay judges the authorization, so that no accepted authorization stays
 * usable on chain for longer than maxTimeoutSeconds from then on (plus PAYER_CLOCK_SKEW_SECONDS of clock
 * difference). Null when the rule is met.
 */
export function windowRefusal(
  a: ValidityBounds,
  maxTimeoutSeconds: number,
  nowSeconds: bigint = BigInt(Math.floor(Date.now() / 1000)),
): { reason: 'validity_window_too_long'; message: string } | null {
  const usable = usableWindowSeconds(a, nowSeconds);
  if (usable <= BigInt(maxTimeoutSeconds + PAYER_CLOCK_SKEW_SECONDS)) return null;
  return {
    reason: 'validity_window_too_long',
    message: `The authorization stays usable for ${usable} s from now (validBefore - max(validAfter, now)); at most maxTimeoutSeconds (${maxTimeoutSeconds}) is accepted, with ${PAYER_CLOCK_SKEW_SECONDS} s allowed for a clock ahead of ours.`,
  };
}
