import { checkTlsHandshake, refusalOf } from '../temporal/refusal.ts';
import { TemporalSettingError, temporalTarget, type TemporalTarget } from '../temporal/target.ts';

// How the API and the worker read their Temporal settings and what they do when the server refuses them:
// say why, naming the setting, and exit 2 (a configuration error), never a stack trace.

/** The connection settings, or exit 2 saying which one is wrong. */
export function temporalTargetOrExit(): TemporalTarget {
  try {
    return temporalTarget(process.env);
  } catch (err) {
    if (!(err instanceof TemporalSettingError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}

/**
 * Runs `connect` after a TLS handshake check; a refusal exits 2 with its reason. Anything else (the
 * server is not there yet) is returned to the caller as `unreachable`, who decides: the API comes up
 * not ready, the worker cannot work without it.
 */
export async function exitIfTemporalRefuses<T>(
  target: TemporalTarget,
  connect: () => Promise<T>,
): Promise<{ ok: T } | { unreachable: unknown }> {
  try {
    await checkTlsHandshake(target);
    return { ok: await connect() };
  } catch (err) {
    const refusal = err instanceof TemporalSettingError ? err.message : refusalOf(err, target);
    if (!refusal) return { unreachable: err };
    console.error(refusal);
    process.exit(2);
  }
}
