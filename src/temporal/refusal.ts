import { checkServerIdentity, connect as tlsConnect } from 'node:tls';
import { TemporalSettingError, type TemporalTarget } from './target.ts';

// Why a connection to Temporal failed, said in the words of the settings that fix it. A refusal (a
// certificate the server does not trust, a wrong API key, a server that wants TLS or a client
// certificate) is a configuration error: the process says so and stops. A server that is merely not
// there yet is not: the API comes up and reports "not ready" until it is (docs/operations.md
// "A secured Temporal").

const CERT = 'TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH';
const TRUST =
  'TEMPORAL_TLS_SERVER_CA_CERT_PATH (the CA that signed the server certificate) and TEMPORAL_TLS_SERVER_NAME';

const textOf = (err: unknown): string => {
  const e = err as { message?: string; details?: string; cause?: { message?: string } };
  return [e.message, e.details, e.cause?.message].filter(Boolean).join(': ');
};

/** The settings to look at for a refusal, or null when the server was only unreachable. */
export function refusalOf(err: unknown, t: TemporalTarget): string | null {
  const text = textOf(err);
  const code = (err as { code?: unknown }).code;
  const at = `Temporal at ${t.address}`;
  if (code === 16 || /UNAUTHENTICATED|valid authentication credentials/i.test(text))
    return `${at} refused our credentials (${text}): check TEMPORAL_API_KEY${t.tls ? ` and ${CERT}` : ''}`;
  if (code === 7 || /PERMISSION_DENIED|permission denied/i.test(text))
    return `${at} does not let these credentials use namespace "${t.namespace}" (${text}): check TEMPORAL_NAMESPACE and the key's or certificate's grants`;
  if (
    /InvalidCertificate|UnknownIssuer|self.signed|unable to verify|certificate verify failed|altnames|NotValidForName/i.test(
      text,
    )
  )
    return `${at}: the server's certificate is not trusted (${text}): check ${TRUST}`;
  if (/status code 400|400 Bad Request|certificate required|alert/i.test(text))
    return `${at} refused the connection (${text}): a server that requires a client certificate answers this way; set ${CERT}`;
  if (/h2 protocol error|FRAME_SIZE|GoAway|wrong version number|Protocol error/i.test(text))
    return `${at} does not speak what we sent (${text}): a TLS server needs TEMPORAL_TLS=true (or a CA, a client certificate or an API key); a plain one needs TEMPORAL_TLS=false`;
  return null;
}

/**
 * A TLS handshake with the frontend, before the SDK's own connection: Node's TLS says precisely why a
 * certificate is refused, where the gRPC clients only report a deadline. Resolves when the handshake
 * passes, when TLS is off, or when nothing answers (unreachable is not a setting error); throws a
 * TemporalSettingError otherwise.
 */
export async function checkTlsHandshake(t: TemporalTarget, timeoutMs = 5000): Promise<void> {
  if (!t.tls) return;
  const tls = t.tls === true ? {} : t.tls;
  const [host, portText] = splitAddress(t.address);
  const servername = tls.serverNameOverride ?? (/^[\d.]+$|:/.test(host) ? undefined : host);
  const outcome = await new Promise<Error | null>((resolve) => {
    const socket = tlsConnect({
      host,
      port: Number(portText),
      ...(servername && { servername }),
      ...(tls.serverRootCACertificate && { ca: Buffer.from(tls.serverRootCACertificate) }),
      ...(tls.clientCertPair && {
        cert: Buffer.from(tls.clientCertPair.crt),
        key: Buffer.from(tls.clientCertPair.key),
      }),
      ALPNProtocols: ['h2'],
      // The name checked is the override's when one is set, as the SDK does.
      ...(tls.serverNameOverride && {
        checkServerIdentity: (_host: string, cert: Parameters<typeof checkServerIdentity>[1]) =>
          checkServerIdentity(tls.serverNameOverride as string, cert),
      }),
      timeout: timeoutMs,
    });
    socket.once('secureConnect', () => {
      socket.end();
      resolve(null);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('error', (err: Error) => resolve(err));
  });
  if (!outcome) return;
  const code = (outcome as NodeJS.ErrnoException).code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN'].includes(code)) return;
  if (/CERT|SELF_SIGNED|UNABLE_TO|ERR_TLS_CERT_ALTNAME/.test(code))
    throw new TemporalSettingError(
      `Temporal at ${t.address}: the server's certificate is not trusted (${outcome.message}): check ${TRUST}`,
    );
  throw new TemporalSettingError(
    `Temporal at ${t.address}: the TLS handshake failed (${outcome.message}): check TEMPORAL_TLS, ${TRUST} and ${CERT}`,
  );
}

function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf(':');
  const host = address.slice(0, at).replace(/^\[|\]$/g, '');
  return [host, address.slice(at + 1)];
}
