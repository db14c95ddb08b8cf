/**
 * Requests that make no trace: the Prometheus scrape and the probes. They arrive every few seconds from
 * machines, say nothing about a user's request, and /readyz and /metrics run queries of their own, so
 * each would otherwise be a trace with its SQL beside the ones worth reading.
 */
const UNTRACED = new Set(['/metrics', '/healthz', '/readyz']);

/** Whether a request's URL (its query, if any, ignored) is one of the untraced paths. */
export function isUntracedPath(url: string | undefined): boolean {
  return UNTRACED.has((url ?? '').split('?', 1)[0] ?? '');
}
