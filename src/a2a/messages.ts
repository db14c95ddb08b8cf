import { Role, TaskState, type Message, type Part, type Task } from '@a2a-js/sdk';
import { randomUUID } from 'node:crypto';

// What an A2A message to the registry asks, and the messages and tasks it answers with (docs/a2a.md).
// Pure: the executor (executor.ts) does the calls.

/** A call of one of the registry's skills: an MCP tool's name and arguments, as tools/call takes them. */
export interface SkillCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/** What a message asks: a call, the payment credential for the task waiting on one, or nothing we read. */
export type Asked = { call: SkillCall } | { credential: string } | { unreadable: string };

const dataOf = (p: Part): unknown => (p.content?.$case === 'data' ? p.content.value : undefined);
const textOf = (p: Part): string | undefined => (p.content?.$case === 'text' ? p.content.value : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Words a person or a plain agent may type for the three public reads, and the tool and argument each means. */
const TEXT_VERBS: Record<string, { tool: string; arg: string }> = {
  search: { tool: 'search_domains', arg: 'q' },
  lookup: { tool: 'lookup_domain', arg: 'domain_name' },
  verify: { tool: 'verify_agent', arg: 'name' },
};

export const USAGE =
  'Send a data part {"tool": "<MCP tool name>", "arguments": {…}} (the tools of this card\'s skills, with the fields of tools/list), or the text "search <name>", "lookup <name>" or "verify <name>". To pay a task waiting for payment, send {"credential": "Payment …"} in that task.';

export function readMessage(message: Message): Asked {
  for (const part of message.parts) {
    const data = dataOf(part);
    if (isObject(data)) {
      if (typeof data.credential === 'string') return { credential: data.credential };
      if (typeof data.tool === 'string')
        return { call: { tool: data.tool, arguments: isObject(data.arguments) ? data.arguments : {} } };
    }
    const text = textOf(part)?.trim();
    if (text) {
      if (/^Payment\s+\S/i.test(text)) return { credential: text };
      const [verb, ...rest] = text.split(/\s+/);
      const known = TEXT_VERBS[(verb ?? '').toLowerCase()];
      if (known && rest.length === 1) return { call: { tool: known.tool, arguments: { [known.arg]: rest[0] } } };
    }
  }
  return { unreadable: USAGE };
}

export const dataPart = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});
const textPart = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

export function agentMessage(parts: Part[], ids: { contextId: string; taskId?: string }): Message {
  return {
    messageId: randomUUID(),
    contextId: ids.contextId,
    taskId: ids.taskId ?? '',
    role: Role.ROLE_AGENT,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** A reply with the call's answer (or refusal) as JSON, and a line saying what it is. */
export const answerParts = (summary: string, body: unknown): Part[] => [textPart(summary), dataPart(body)];

/** A task in `state`, with `message` as its status and what it was asked kept in its metadata. */
export function task(
  ids: { taskId: string; contextId: string },
  state: TaskState,
  message: Message,
  metadata: Record<string, unknown>,
  history: Message[],
  result?: unknown,
): Task {
  return {
    id: ids.taskId,
    contextId: ids.contextId,
    status: { state, message, timestamp: new Date().toISOString() },
    artifacts:
      result === undefined
        ? []
        : [
            {
              artifactId: randomUUID(),
              name: 'result',
              description: "The operation's answer, as its HTTP route answers it",
              parts: [dataPart(result)],
              metadata: undefined,
              extensions: [],
            },
          ],
    history,
    metadata,
  };
}

export { TaskState };
