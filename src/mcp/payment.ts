import { ErrorCode, type McpError } from '@modelcontextprotocol/sdk/types.js';
import { Challenge, Credential, Mcp, Receipt } from 'mppx';
import type { Outcome } from '../http/operations/invoke.ts';
import { rpcError } from './rpc-error.ts';

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
    throw rpcError(
      ErrorCode.InvalidParams,
      `The payment credential in _meta["${Mcp.credentialMetaKey}"] is malformed.`,
    );
  }
}

/**
 * A 402 as the binding's error. Without a credential, a 402 carrying a `WWW-Authenticate: Payment`
 * challenge is -32042 (payment required); a 402 without one (insufficient gems) is no payment error
 * (null: a tool error). With a credential, any 402 is -32043 (payment verification failed): the route
 * did not take it. Its `data.challenges` are the route's new challenge when it sent one, or empty when
 * it refused the credential outright (`invalid_receipt`: another checkout's challenge, a payment that
 * does not match), so an mppx client stops there instead of paying again; `data.response` is the
 * route's 402 body either way.
 */
export function paymentRequiredError(answer: Outcome, credentialPresented: boolean): McpError | null {
  const header = answer.headers['www-authenticate'];
  const challenged = header !== undefined && /^Payment\s/i.test(header);
  if (!challenged && !credentialPresented) return null;
  const body = (answer.body ?? {}) as { message?: string };
  return rpcError(
    credentialPresented ? Mcp.paymentVerificationFailedCode : Mcp.paymentRequiredCode,
    body.message ?? (credentialPresented ? 'Payment verification failed' : 'Payment required'),
    { httpStatus: 402, challenges: challenged ? Challenge.deserializeList(header) : [], response: answer.body },
  );
}

/** The result `_meta` with the route's Payment-Receipt, bound to the challenge that was paid. */
export function receiptMeta(answer: Outcome, credential: PresentedCredential | undefined) {
  const header = answer.headers['payment-receipt'];
  if (!credential || !header) return undefined;
  return { [Mcp.receiptMetaKey]: { ...Receipt.deserialize(header), challengeId: credential.challengeId } };
}
