// Money never touches floating point in storage: prices are integer gems, and USD amounts are computed
// with bigint fixed-point arithmetic from the configured gem-to-USD rate (a decimal string).
const USD_SCALE = 6; // micro-dollars, enough for USDC's 6 decimals

function decimalToScaled(value: string, scale: number): bigint {
  const [whole = '0', frac = ''] = value.split('.');
  const padded = (frac + '0'.repeat(scale)).slice(0, scale);
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(padded || '0');
}

/** USD minor units (6 decimals) for a number of gems at the given rate, rounded up to the micro-dollar. */
export function gemsToUsdMicros(gems: number, gemUsdRate: string): bigint {
  // The rate may carry more than 6 decimals; work at 12 and round up so we never undercharge.
  const rate12 = decimalToScaled(gemUsdRate, 12);
  const total12 = BigInt(gems) * rate12;
  const divisor = 10n ** 6n;
  return (total12 + divisor - 1n) / divisor;
}

/** "15.000000" style decimal string of micro-dollars, trimmed to at least two decimals ("15.00"). */
export function formatUsd(micros: bigint): string {
  const whole = micros / 10n ** BigInt(USD_SCALE);
  let frac = (micros % 10n ** BigInt(USD_SCALE)).toString().padStart(USD_SCALE, '0');
  frac = frac.replace(/0+$/, '');
  if (frac.length < 2) frac = frac.padEnd(2, '0');
  return `${whole}.${frac}`;
}

/** The discounted price in whole gems, rounded up so a partial discount never under-charges; 100% → 0. */
export function applyDiscount(priceGems: number, percentOff: number): number {
  if (!Number.isSafeInteger(priceGems) || priceGems < 0)
    throw new RangeError(`price must be a non-negative integer, got ${priceGems}`);
  if (!Number.isInteger(percentOff) || percentOff < 0 || percentOff > 100)
    throw new RangeError(`percent off must be 0 to 100, got ${percentOff}`);
  const scaled = priceGems * (100 - percentOff); // integer arithmetic: no float rounding at the boundary
  return (scaled - (scaled % 100)) / 100 + (scaled % 100 ? 1 : 0);
}

export const MIN_YEARS = 1;
export const MAX_YEARS = 10;

export function totalGems(pricePerYear: number, years: number): number {
  return pricePerYear * years;
}
