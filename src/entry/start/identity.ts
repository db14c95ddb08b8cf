import type { Config } from '../../config/env.ts';
import { startDevOidcProvider } from '../../infra/dev-oidc/provider.ts';
import type { StartupStack } from './stack.ts';

/**
 * The identity provider: OIDC_ISSUER's, else the local development provider (any username signs in),
 * which never runs in production. Returns the issuer.
 */
export async function startIdentityProvider(config: Config, stack: StartupStack): Promise<string | undefined> {
  let oidcIssuer = config.OIDC_ISSUER;
  if (!oidcIssuer && config.NODE_ENV === 'production') {
    await stack.fail(
      'OIDC',
      'the local development provider signs anyone in, so it never runs in production.',
      '  - set OIDC_ISSUER (and OIDC_CLIENT_SECRET) to your identity provider.',
    );
  }
  if (!oidcIssuer) {
    try {
      const idp = await startDevOidcProvider({
        port: config.DEV_OIDC_PORT,
        audience: config.OIDC_AUDIENCE,
        clients: [
          {
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
            redirectUris: [`${config.publicBaseUrl}/auth/callback`],
          },
        ],
      });
      stack.onStop(() => idp.stop());
      oidcIssuer = idp.issuer;
      stack.say(
        'OIDC',
        `${idp.issuer} (local dev provider: any username signs in; sign in at ${config.publicBaseUrl}/auth/login)`,
      );
      stack.say('', 'a bearer token for the API (records, command): npm run ops -- token <username>');
    } catch (err) {
      await stack.fail(
        'OIDC',
        (err as Error).message,
        `  - free port ${config.DEV_OIDC_PORT} or set DEV_OIDC_PORT, or\n  - set OIDC_ISSUER to your identity provider.`,
      );
    }
  } else {
    stack.say('OIDC', `${oidcIssuer} (OIDC_ISSUER)`);
  }
  return oidcIssuer;
}
