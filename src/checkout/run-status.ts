import {
  WorkflowNotFoundError,
  type Client,
  type WorkflowExecutionDescription,
  type WorkflowHandle,
} from '@temporalio/client';
import { defaultPayloadConverter, type QueryDefinition } from '@temporalio/common';
import type { CheckoutStage, CheckoutStatus, CheckoutTerms } from '../../workflows/checkout-messages.ts';
import { registryStageKey } from '../../workflows/search-attributes.ts';

const QUERY_DEADLINE_MS = 5_000;

/** The input a run was started with, from its first history event: the server alone knows it. */
export async function startInput<T>(handle: WorkflowHandle): Promise<T> {
  const history = await handle.fetchHistory();
  const payload = history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0];
  if (!payload) throw new Error(`${handle.workflowId}: its first event carries no input`);
  return defaultPayloadConverter.fromPayload<T>(payload);
}

/** The stage a run shows in its RegistryStage search attribute. */
function shownStage(d: WorkflowExecutionDescription): CheckoutStage {
  const stage = d.searchAttributes[registryStageKey.name]?.[0];
  return (typeof stage === 'string' ? stage : 'awaiting_payment') as CheckoutStage;
}

/**
 * Reading where a checkout run stands: by its status query while a worker answers, from the server
 * alone (its first event's input, its search attribute, its memo) while none does.
 */
export function runStatus<I extends CheckoutTerms, O>(
  temporal: () => Client,
  statusQuery: QueryDefinition<CheckoutStatus<I, O>>,
) {
  /**
   * Where an open run stands. A query that reaches a run as it completes can be dropped by the worker
   * (the run leaves its cache with the query unanswered), so it is bounded, and on failure the run is
   * described again: a run that closed meanwhile is answered as closed (null). When no worker answers
   * (every worker down or restarting) the server's own record answers, so a retry is not failed.
   */
  async function query(handle: WorkflowHandle): Promise<CheckoutStatus<I, O> | null> {
    const ask = () => temporal().withDeadline(Date.now() + QUERY_DEADLINE_MS, () => handle.query(statusQuery));
    try {
      return await ask();
    } catch {
      const d = await handle.describe();
      if (d.status.name !== 'RUNNING') return null;
      return await ask().catch(async () => ({
        stage: shownStage(d),
        input: await startInput<I>(handle),
        outcome: null,
      }));
    }
  }

  /** The open run on this object and where it stands, or null when the object is not locked. */
  async function status(handle: WorkflowHandle): Promise<CheckoutStatus<I, O> | null> {
    try {
      const d = await handle.describe();
      return d.status.name === 'RUNNING' ? await query(handle) : null;
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return null;
      throw err;
    }
  }

  /**
   * Which checkout holds the object and its stage, from the server alone (the run's memo and its
   * RegistryStage search attribute): it answers while no worker is running, where a query cannot.
   */
  async function standing(handle: WorkflowHandle): Promise<{ sessionId: string | null; stage: CheckoutStage } | null> {
    try {
      const d = await handle.describe();
      if (d.status.name !== 'RUNNING') return null;
      return { sessionId: typeof d.memo?.sessionId === 'string' ? d.memo.sessionId : null, stage: shownStage(d) };
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return null;
      throw err;
    }
  }

  /**
   * The run on this object whatever its state, open or closed, with the input it started with; null when
   * none was ever started (or the server no longer keeps its history). A retry asks it before anything
   * else, so that a run closing while it looks is still found (status() would answer null for it).
   */
  async function started(handle: WorkflowHandle): Promise<{ input: I } | null> {
    try {
      // Described first: a run that was never started is WorkflowNotFoundError here.
      await handle.describe();
      return { input: await startInput<I>(handle) };
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return null;
      throw err;
    }
  }

  return { query, status, standing, started };
}
