import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import { AgentEvent } from '@a2a-js/sdk/server';
import type { FastifyInstance } from 'fastify';
import { Challenge } from 'mppx';
import type { Caller } from '../http/operations/invoke.ts';
import { runTool } from '../mcp/call-tool.ts';
import type { Tool } from '../mcp/tools/tool.ts';
import { agentMessage, answerParts, dataPart, readMessage, task, TaskState, type SkillCall } from './messages.ts';

// The registry's skills over A2A (docs/a2a.md): each message names one of the MCP tools, which runs the same
// operation through the same pipeline as over MCP and HTTP (src/mcp/call-tool.ts runTool). A read answers
// with a message; a paid call is a task, which waits in `input-required` with the 402's challenge and completes
// when the client sends the paid credential in the same task.

/** What a task waiting for payment keeps of its call, in its metadata. */
const CALL_KEY = 'registry_call';

export function registryExecutor(
  app: FastifyInstance,
  caller: Caller,
  tools: ReadonlyMap<string, Tool>,
): AgentExecutor {
  return {
    async execute(ctx: RequestContext, bus: ExecutionEventBus) {
      const ids = { taskId: ctx.taskId, contextId: ctx.contextId };
      const asked = readMessage(ctx.userMessage);
      const history = [...(ctx.task?.history ?? []), ctx.userMessage];
      const finish = (event: Parameters<ExecutionEventBus['publish']>[0]) => {
        bus.publish(event);
        bus.finished();
      };
      const reply = (summary: string, body: unknown) =>
        finish(AgentEvent.message(agentMessage(answerParts(summary, body), { contextId: ctx.contextId })));

      if ('unreadable' in asked)
        return reply('Not understood.', { status: 'error', code: 'unreadable_message', message: asked.unreadable });

      let call: SkillCall;
      let credential: string | undefined;
      if ('credential' in asked) {
        const waiting = ctx.task?.metadata?.[CALL_KEY] as SkillCall | undefined;
        if (!waiting || ctx.task?.status?.state !== TaskState.TASK_STATE_INPUT_REQUIRED)
          return reply('No payment is awaited here.', {
            status: 'error',
            code: 'no_payment_awaited',
            message: 'Send a credential in the task that asked for payment (its taskId).',
          });
        call = waiting;
        credential = asked.credential;
      } else call = asked.call;

      const run = await runTool(tools, app, caller, { name: call.tool, arguments: call.arguments, credential });
      if ('unknownTool' in run || 'invalid' in run) {
        const message = 'unknownTool' in run ? run.unknownTool : run.invalid;
        return reply('Refused.', { status: 'error', code: 'invalid_call', message });
      }
      const { outcome, tool } = run;
      if (!tool.paid) return reply(outcome.ok ? `${tool.title}: done.` : `${tool.title}: refused.`, outcome.body);

      // A paid call is a task, so a payment can be asked for and given in it.
      const metadata = { [CALL_KEY]: call };
      const challenge = outcome.headers['www-authenticate'];
      if (outcome.status === 402 && challenge && /^Payment\s/i.test(challenge)) {
        const ask = agentMessage(
          answerParts(
            `${tool.title}: payment required. Pay the challenge and send {"credential": "Payment …"} in this task.`,
            {
              payment_required: {
                www_authenticate: challenge,
                challenges: Challenge.deserializeList(challenge),
                response: outcome.body,
              },
            },
          ),
          ids,
        );
        return finish(AgentEvent.task(task(ids, TaskState.TASK_STATE_INPUT_REQUIRED, ask, metadata, history)));
      }
      const done = outcome.ok;
      const said = agentMessage([dataPart(outcome.body)], ids);
      const receipt = outcome.headers['payment-receipt'];
      return finish(
        AgentEvent.task(
          task(
            ids,
            done ? TaskState.TASK_STATE_COMPLETED : TaskState.TASK_STATE_FAILED,
            said,
            { ...metadata, ...(receipt ? { payment_receipt: receipt } : {}) },
            history,
            done ? outcome.body : undefined,
          ),
        ),
      );
    },
    async cancelTask() {
      // A call runs to its end within its message; a task waiting for payment simply is not paid.
    },
  };
}
