import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Challenge, Credential, Mcp, Receipt } from 'mppx';
import type { ApiAnswer } from './api-call.ts';

// The Payment-Auth MCP binding as mppx implements it (mppx/mcp): the route's 402 challenge becomes a
// payment-required JSON-RPC error, the credential comes back in the tool call's `_meta`, and the route's
// Payment-Receipt goes into the result's `_meta`. The route issues and verifies; this only translates.

export interface PresentedCredential {
  /** `Payment <base64url>`: what the route takes in Authorization or `receipt`. */
  header: string;
  challengeId: string;
}

/** The credential in `_meta["org.paymentauth/credential"]`, if the call carries one. */
export function presentedCredential(meta: Record<string, unknown> | undefined): PresentedCredential | undefined {
  const value = meta?.[Mcp.credentialMetaKey];
  if (value === undefined) return undefined;
  try {
    const header = Credential.serialize(value as Credential.Credential);
    return { header, challengeId: Credential.deserialize(header).challenge.id };
  } catch {
    throw new McpError(
      ErrorCode.InvalidParams,
      `The payment credential in _meta["${Mcp.credentialMetaKey}"] is malformed.`,
    );
  }
}

/**
 * A 402 carrying a `WWW-Authenticate: Payment` challenge as the binding's error: -32042 for a first
 * call, -32043 when a credential was presented and the route answered with a challenge again (it did
 * not verify). Null for a 402 without a challenge (insufficient gems): that is a tool error.
 */
export function paymentRequiredError(answer: ApiAnswer, credentialPresented: boolean): McpError | null {
  const header = answer.headers['www-authenticate'];
  if (!header || !/^Payment\s/i.test(header)) return null;
  const body = (answer.body ?? {}) as { message?: string };
  return new McpError(
    credentialPresented ? Mcp.paymentVerificationFailedCode : Mcp.paymentRequiredCode,
    body.message ?? 'Payment required',
    { httpStatus: 402, challenges: Challenge.deserializeList(header), response: answer.body },
  );
}

/** The result `_meta` with the route's Payment-Receipt, bound to the challenge that was paid. */
export function receiptMeta(answer: ApiAnswer, credential: PresentedCredential | undefined) {
  const header = answer.headers['payment-receipt'];
  if (!credential || !header) return undefined;
  return { [Mcp.receiptMetaKey]: { ...Receipt.deserialize(header), challengeId: credential.challengeId } };
}
