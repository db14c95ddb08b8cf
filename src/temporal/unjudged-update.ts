import { ServiceError, WorkflowUpdateFailedError } from '@temporalio/client';

/**
 * Failure types the Temporal server writes itself, never our workflow code: an update it delivered to a
 * worker that completed its workflow task without processing it (a worker restarting, a run completing
 * in that same task), and an accepted update whose run completed before the update did.
 */
const SERVER_REJECTIONS: ReadonlySet<string> = new Set(['UnprocessedUpdate', 'AcceptedUpdateCompletedWorkflow']);

/**
 * gRPC codes with which the server declines to take an update at all just now: FAILED_PRECONDITION
 * ("Workflow Task in failed state": a worker died inside the run's last workflow task, which is being
 * retried) and UNAVAILABLE (the update was aborted by the server).
 */
const NOT_TAKEN_NOW: ReadonlySet<number> = new Set([9, 14]);

/**
 * Whether an update was never judged by the run — the server rejected or declined it — rather than
 * refused by the run. It changed nothing the caller asked for: the run's own state is the answer, and
 * the same request may be sent again.
 */
export function isUnjudgedUpdate(err: unknown): boolean {
  if (err instanceof WorkflowUpdateFailedError) {
    const cause = err.cause as { type?: string | null; cause?: { type?: string | null } } | undefined;
    const type = cause?.type ?? cause?.cause?.type;
    return typeof type === 'string' && SERVER_REJECTIONS.has(type);
  }
  if (err instanceof ServiceError) {
    const code = (err.cause as { code?: unknown } | undefined)?.code;
    return typeof code === 'number' && NOT_TAKEN_NOW.has(code);
  }
  return false;
}

/**
 * What a caller is told when its update was not judged where it could see it. Mostly nothing happened
 * (the server rejected it unprocessed), but an update the server accepted before its run completed, or
 * an aborted call, may have been done: the caller is told to ask again, which answers it either way and
 * never does it twice.
 */
export const UNJUDGED_MESSAGE =
  'The service could not confirm this request just now (a worker was restarting); send the same request again for its outcome: it is never done twice.';
