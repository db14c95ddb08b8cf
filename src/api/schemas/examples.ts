import type { z } from 'zod';

/** Attaches a realistic example to a schema, so the document shows values a client would really send or get. */
export function example<T extends z.ZodType>(schema: T, value: z.input<T> | z.output<T>): T {
  return schema.meta({ examples: [value] }) as T;
}

export const EXAMPLE = {
  name: 'scout.agent',
  accountId: '7d5c1f52-6a0e-4a3b-9a57-2f1f0c3b8e41',
  sessionId: '0b6f2c7e-3f1d-4d8e-b1a2-6c9e5d4f3a21',
  txHash: '0x8f2a6c1e9b7d4f3a2c5e8b1d6f9a3c7e2b4d8f1a6c3e9b5d7f2a4c8e1b6d3f9a',
  token: '0x20c0000000000000000000000000000000000000',
  payTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  memo: '0x3c4f1e8a9b2d7c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e',
  at: '2026-11-23T09:00:00.000Z',
  expiry: '2027-11-23T09:00:00.000Z',
} as const;

/** The order block of a paid operation's 200 (registration, renewal), paid in pathUSD through mpp. */
export const EXAMPLE_ORDER = {
  order_id: 42,
  payment_method: 'mpp',
  amount_gems: 1500,
  amount: '15.00',
  currency: 'pathUSD',
  payment_reference: EXAMPLE.txHash,
} as const;

/**
 * A paged list's schema with its example: the first page, holding every item there is. The items are
 * checked against the schema's own item type.
 */
export function examplePage<T extends z.ZodType<{ data: unknown[] }, { data: unknown[] }>>(
  schema: T,
  data: z.input<T>['data'],
  limit = 50,
): T {
  return example(schema, { status: 'success', data, limit, offset: 0, total: data.length } as z.input<T>);
}
