import { ErrorCode, type CallToolRequest, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiAnswer, ApiCaller } from './api-call.ts';
import { paymentRequiredError, presentedCredential, receiptMeta } from './payment.ts';
import { rpcError } from './rpc-error.ts';
import type { Tool } from './tools/tool.ts';

/**
 * A refusal as a tool error: the API's error body as JSON text, so the caller reads the same `code` as
 * over HTTP (`forbidden`, `credential_not_accepted`, …). No structuredContent: clients check that
 * against the tool's output schema, which describes the success.
 */
function toolError(answer: ApiAnswer): CallToolResult {
  const body = (answer.body ?? {}) as { code?: string; message?: string; error?: { code?: string; message?: string } };
  // The command endpoint's envelope keeps its error in `error` (spec 7).
  const e = body.error ?? body;
  const refusal = {
    status: 'error',
    http_status: answer.status,
    ...(body.error ? { error: body.error } : body),
    code: e.code ?? `http_${answer.status}`,
    message: e.message ?? answer.text,
  };
  return { content: [{ type: 'text', text: JSON.stringify(refusal) }], isError: true };
}

/** One tool call: validate the arguments, call the route it mirrors, map the answer. */
export async function callTool(
  tools: ReadonlyMap<string, Tool>,
  call: ApiCaller,
  params: CallToolRequest['params'],
): Promise<CallToolResult> {
  const tool = tools.get(params.name);
  if (!tool) throw rpcError(ErrorCode.InvalidParams, `Tool ${params.name} not found`);
  const parsed = tool.input.safeParse(params.arguments ?? {});
  if (!parsed.success)
    throw rpcError(
      ErrorCode.InvalidParams,
      `Invalid arguments for tool ${tool.name}: ${z.prettifyError(parsed.error)}`,
    );
  const { request_id, ...args } = parsed.data as { request_id?: string };
  const credential = presentedCredential(params._meta);
  if (credential && !tool.paid) throw rpcError(ErrorCode.InvalidParams, `${tool.name} takes no payment.`);
  const answer = await call(tool.request(args as never), {
    ...(request_id ? { idempotencyKey: request_id } : {}),
    ...(credential ? { payment: credential.header } : {}),
  });
  if (answer.status === 402 && tool.paid) {
    const required = paymentRequiredError(answer, credential !== undefined);
    if (required) throw required;
  }
  if (answer.status >= 400 || answer.body === null || typeof answer.body !== 'object') return toolError(answer);
  const meta = receiptMeta(answer, credential);
  return {
    content: [{ type: 'text', text: JSON.stringify(answer.body) }],
    structuredContent: answer.body as Record<string, unknown>,
    ...(meta ? { _meta: meta } : {}),
  };
}
