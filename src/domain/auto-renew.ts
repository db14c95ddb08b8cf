// Auto-renew from the prepaid balance (docs/registration.md "Auto-renew"): pure rules.

/** An auto-renewal adds one year. */
export const AUTO_RENEW_YEARS = 1;

/** Why a due auto-renewal cannot happen, or null when it can. */
export function autoRenewRefusal(a: { priceGems: number; maxGems: number; balance: number }): string | null {
  if (a.priceGems > a.maxGems) return 'price_above_cap';
  if (a.balance < a.priceGems) return 'insufficient_gems';
  return null;
}
