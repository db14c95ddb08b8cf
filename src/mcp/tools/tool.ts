import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

/** The request a tool makes of the API: the HTTP operation it mirrors, filled in from its arguments. */
export interface ApiRequest {
  method: HttpMethod;
  url: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A tool is a thin adapter over one documented HTTP operation: its arguments carry the operation's own
 * field names, its output is the operation's 200 body (the route's own response schema), and the call
 * goes through the route itself (src/mcp/api-call.ts), so validation, access rules, idempotency and the
 * services behind it are the route's, never written twice.
 */
export interface Tool<I extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** The operation it mirrors as the access table names it (`PATCH /api/v1/domains/:domain_name/records`). */
  operation: `${HttpMethod} ${string}`;
  input: I;
  output: z.ZodObject;
  annotations: ToolAnnotations;
  /** Takes a machine payment through the Payment-Auth MCP binding (src/mcp/payment.ts). */
  paid?: true;
  request(args: z.output<I>): ApiRequest;
}

export const defineTool = <I extends z.ZodObject>(tool: Tool<I>): Tool<I> => tool;

/** `request_id`: the tool call's Idempotency-Key, so a retried call acts once (docs/api.md "Idempotency keys"). */
export const requestId = {
  request_id: z
    .string()
    .regex(/^[\x20-\x7e]{1,255}$/)
    .optional()
    .describe(
      'Optional Idempotency-Key (1-255 printable ASCII, e.g. a UUID): the same call retried with it acts once and gets the first answer',
    ),
};

/** A path segment of a name or id as the route's parameter takes it. */
export const segment = (value: string) => encodeURIComponent(value);

export const page = {
  limit: z.number().int().min(1).max(100).optional().describe('Page size (default 50)'),
  offset: z.number().int().min(0).optional().describe('Items to skip (default 0)'),
};
