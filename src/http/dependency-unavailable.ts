import { DriverException } from '@mikro-orm/core';
import { ServiceError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';

/** The parts a request may find away for a moment (restarting, failing over, unreachable). */
export type Dependency = 'database' | 'temporal' | 'network';

/** Seconds a caller is told to wait when a dependency is away: about one PostgreSQL or Temporal restart. */
export const DEPENDENCY_RETRY_AFTER_S = 2;

// Socket-level failures, whoever raised them (pg, an HTTP client): the peer was not there.
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// PostgreSQL's SQLSTATEs for a server going or gone (class 08, and 57P01-57P03: shut down by an
// administrator, crash shutdown, "cannot connect now" while starting or stopping) and 53300 (no
// connection slot left), which MikroORM's DriverException keeps as `code`.
const PG_CODES: ReadonlySet<string> = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
// node-postgres raises these without a code when the socket dies under a client or cannot be opened.
const PG_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;
// gRPC UNAVAILABLE and DEADLINE_EXCEEDED: the Temporal frontend is not answering.
const GRPC_CODES: ReadonlySet<number> = new Set([14, 4]);

/**
 * Which dependency a failure says is away, or null when it is anything else. A connection-level failure
 * is one of these: PostgreSQL refusing, terminating or not yet accepting connections, the Temporal
 * frontend unreachable or timing out, a socket refused or reset. The error, its `cause` chain and an
 * AggregateError's members are looked at (drivers and SDKs wrap what the socket said). Shapes, not
 * classes, are checked for socket errors: Node's own may come from another realm (a test's sandbox).
 */
export function dependencyUnavailable(err: unknown, depth = 0): Dependency | null {
  if (typeof err !== 'object' || err === null || depth > 5) return null;
  if (err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return 'temporal';
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (err instanceof ServiceError) {
    const grpc = (cause as { code?: unknown } | undefined)?.code;
    if ((typeof grpc === 'number' && GRPC_CODES.has(grpc)) || err.message.startsWith('Failed to connect'))
      return 'temporal';
  }
  if (typeof code === 'string' && PG_CODES.has(code)) return 'database';
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return 'database';
  if (typeof code === 'string' && SOCKET_CODES.has(code))
    return err instanceof DriverException ? 'database' : 'network';
  for (const e of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const found = dependencyUnavailable(e, depth + 1);
    if (found) return found;
  }
  return null;
}
