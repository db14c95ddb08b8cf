import { ErrorCode, type CallToolRequest, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { invoke, type Caller, type Outcome } from '../http/operations/invoke.ts';
import { paymentRequiredError, presentedCredential, receiptMeta } from './payment.ts';
import { rpcError } from './rpc-error.ts';
import type { Tool } from './tools/tool.ts';

/**
 * A refusal as a tool error: the API's error body as JSON text, so the caller reads the same `code` as
 * over HTTP (`forbidden`, `credential_not_accepted`, …). No structuredContent: clients check that
 * against the tool's output schema, which describes the success.
 */
function toolError(answer: Outcome): CallToolResult {
  const body = (answer.body ?? {}) as { code?: string; message?: string; error?: { code?: string; message?: string } };
  // The command endpoint's envelope keeps its error in `error` (spec 7).
  const e = body.error ?? body;
  const refusal = {
    status: 'error',
    http_status: answer.status,
    ...(body.error ? { error: body.error } : body),
    code: e.code ?? `http_${answer.status}`,
    message: e.message ?? (typeof answer.body === 'string' ? answer.body : `HTTP ${answer.status}`),
  };
  return { content: [{ type: 'text', text: JSON.stringify(refusal) }], isError: true };
}

/** A tool's call as every adapter makes it: its arguments checked, then its operation invoked as the caller. */
export type ToolRun = { outcome: Outcome; tool: Tool } | { unknownTool: string } | { invalid: string };

/**
 * Runs a tool by name for MCP (below) and A2A (src/a2a): the arguments validated against the tool's input, the
 * operation invoked in-process with the payment credential, if any, where it reads one (`Authorization:
 * Payment`) and `request_id` as its Idempotency-Key.
 */
export async function runTool(
  tools: ReadonlyMap<string, Tool>,
  app: FastifyInstance,
  caller: Caller,
  call: { name: string; arguments: unknown; credential?: string | undefined },
): Promise<ToolRun> {
  const tool = tools.get(call.name);
  if (!tool) return { unknownTool: `Tool ${call.name} not found` };
  const parsed = tool.input.safeParse(call.arguments ?? {});
  if (!parsed.success) return { invalid: `Invalid arguments for tool ${tool.name}: ${z.prettifyError(parsed.error)}` };
  if (call.credential && !tool.paid) return { invalid: `${tool.name} takes no payment.` };
  const { request_id, ...args } = parsed.data as { request_id?: string };
  const input = tool.request(args as never);
  const outcome = await invoke(app, tool.operation, caller, {
    ...input,
    headers: { ...input.headers, ...(call.credential ? { authorization: call.credential } : {}) },
    ...(request_id ? { idempotencyKey: request_id } : {}),
  });
  return { outcome, tool };
}

/**
 * One tool call: validate the arguments, call the operation it mirrors as the caller, map the answer. A
 * payment credential goes where the operation reads one, `Authorization: Payment` (the caller's own
 * credential is its principal, not a header here); the credential is single-use: sent again, it gets the
 * first answer again, never a second operation.
 */
export async function callTool(
  tools: ReadonlyMap<string, Tool>,
  app: FastifyInstance,
  caller: Caller,
  params: CallToolRequest['params'],
): Promise<CallToolResult> {
  const credential = presentedCredential(params._meta);
  const run = await runTool(tools, app, caller, {
    name: params.name,
    arguments: params.arguments,
    credential: credential?.header,
  });
  if ('unknownTool' in run) throw rpcError(ErrorCode.InvalidParams, run.unknownTool);
  if ('invalid' in run) throw rpcError(ErrorCode.InvalidParams, run.invalid);
  const { outcome: answer, tool } = run;
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
