import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Input, Operation } from '../../http/operations/operation.ts';

/**
 * A tool is a thin adapter over one documented API operation: its arguments carry the operation's own
 * field names, its output is the operation's 200 body (the route's own response schema), and the call is
 * the operation itself, invoked in-process (src/http/operations/invoke.ts), so validation, access rules,
 * idempotency and the services behind it are the operation's, never written twice.
 */
export interface Tool<I extends z.ZodObject = z.ZodObject, O extends Operation = Operation> {
  name: string;
  title: string;
  description: string;
  /** The operation it calls. */
  operation: O;
  input: I;
  output: z.ZodObject;
  /** MCP's tool annotations; their title is the tool's. */
  annotations: ToolAnnotations;
  /** Takes a machine payment through the Payment-Auth MCP binding (src/mcp/payment.ts). */
  paid?: true;
  /** The operation's input (path values, query, body) from the tool's arguments. */
  request(args: z.output<I>): Input<O>;
}

/** What a host may assume of a tool: MCP's annotations but for the title (the tool's own). */
export type Hints = Omit<ToolAnnotations, 'title'>;

/** A tool that only reads: calling it again changes nothing. */
export const reads = (openWorld = false): Hints => ({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: openWorld,
});

/** A tool that changes something: whether it may destroy, whether the same call again changes nothing more. */
export const writes = (h: { destructive?: true; idempotent?: true; openWorld?: true }): Hints => ({
  readOnlyHint: false,
  destructiveHint: h.destructive ?? false,
  idempotentHint: h.idempotent ?? false,
  openWorldHint: h.openWorld ?? false,
});

export const defineTool = <I extends z.ZodObject, O extends Operation>({
  hints,
  ...tool
}: Omit<Tool<I, O>, 'annotations'> & { hints: Hints }): Tool =>
  ({ ...tool, annotations: { title: tool.title, ...hints } }) as unknown as Tool;

/** How the access table names a tool's operation (`PATCH /api/v1/domains/:domain_name/records`). */
export const operationKey = (tool: Tool): string => `${tool.operation.route.method} ${tool.operation.route.url}`;

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

export const page = {
  limit: z.number().int().min(1).max(100).optional().describe('Page size (default 50)'),
  offset: z.number().int().min(0).optional().describe('Items to skip (default 0)'),
};
