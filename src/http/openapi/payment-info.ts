// Payment discovery in the OpenAPI document (mppx's draft-payment-discovery: `x-service-info` at the
// root, `x-payment-info` on every operation that can answer 402), so `mppx discover validate` and
// agents reading the document know what is paid, how, and where the price comes from. Prices depend on
// the name and the term, so no amount is fixed here (`amount: null`): the 402 carries the exact terms.

export function serviceInfo(publicBaseUrl: string) {
  return {
    categories: ['domains', 'identity', 'agents'],
    docs: {
      homepage: `${publicBaseUrl}/`,
      apiReference: `${publicBaseUrl}/docs`,
      llms: `${publicBaseUrl}/llms.txt`,
    },
  };
}

const TEMPO = {
  method: 'tempo',
  intent: 'charge',
  currency: 'pathUSD',
  amount: null,
  description: 'mpp on Tempo (the default route)',
};
const X402 = {
  method: 'x402',
  intent: 'charge',
  currency: 'USDC',
  amount: null,
  description: 'x402 exact on Base, through the USDC route (operator-gated)',
};

/**
 * `x402`: the operation also takes x402 (registration does; docs/payments.md). Offers only: mppx refuses a
 * document that mixes them with the flat fields. Priced per name and term (POST /api/v1/domains/quote):
 * the 402 names the exact amount and how to pay.
 */
export function paymentInfo(x402: boolean) {
  return { offers: x402 ? [TEMPO, X402] : [TEMPO] };
}
