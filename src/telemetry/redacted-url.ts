/**
 * Secrets a request's URL can carry, kept out of the access log (src/http/plugins/security.ts) and out of
 * traces (src/telemetry/tracing.ts): one list for both, so a secret added here leaves every record at once.
 */

/**
 * An invitation link's token wherever a URL carries it: its path (`/dashboard/invitations/<token>`), or a
 * query value naming that path, percent-encoded (a sign-in's `return_to`). The token is a credential.
 */
const INVITATION_TOKEN = /((?:\/|%2F)dashboard(?:\/|%2F)invitations(?:\/|%2F))[^/?#&%]+/gi;

/**
 * Query values that are credentials: the OpenID Connect callback's `code` (exchanged for the person's
 * tokens) and `state` (binds the callback to the browser that began the sign-in).
 */
export const SECRET_QUERY_PARAMS: readonly string[] = ['code', 'state'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** A URL (path and query) as a record may keep it: the secrets it carries replaced by `[redacted]`. */
export const redactedUrl = (url: string): string =>
  url.replace(INVITATION_TOKEN, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
