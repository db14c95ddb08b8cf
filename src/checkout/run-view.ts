import type { CheckoutTerms } from '../../workflows/checkout-messages.ts';
import { formatUsd } from '../domain/money.ts';

/**
 * A checkout run's static summary and details, shown at the top of the run in the Temporal UI (the SDK's
 * `staticSummary` and `staticDetails`, markdown): what is bought, how it is paid and until when, in words
 * and ISO times rather than the input's epoch milliseconds.
 */
export function checkoutRunView(
  operation: string,
  input: CheckoutTerms,
): { staticSummary: string; staticDetails: string } {
  const until = new Date(input.expiresAtMs).toISOString();
  const price =
    input.method === 'gems'
      ? `${input.priceGems.toLocaleString('en')} gems`
      : // Both chain currencies (pathUSD, USDC) count in 6-decimal units, as USD minor units do here.
        `${formatUsd(BigInt(input.amountMinor))} ${input.currency}`;
  const waitsFor = input.approval
    ? `the person's approval until ${new Date(input.approval.expiresAtMs).toISOString()}, then payment`
    : `payment until ${until}`;
  return {
    staticSummary: `${operation} of ${input.name}: ${price} by ${input.method}`,
    staticDetails: [
      `**${operation}** of \`${input.name}\``,
      `- price: ${price} (${input.priceGems.toLocaleString('en')} gems)`,
      `- paid by: ${input.method}${input.relay ? ` through the checkout relay (session ${input.relay.relaySessionId})` : ''}`,
      `- waits for: ${waitsFor}`,
      `- session: \`${input.sessionId}\``,
      `- holder: \`${input.holder}\``,
    ].join('\n'),
  };
}
