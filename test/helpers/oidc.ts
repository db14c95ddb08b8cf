import { startDevOidcProvider, type DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';

/** A real local OIDC provider for one test file, matching the app's default client and audience. */
export function startTestOidc(): Promise<DevOidcProvider> {
  return startDevOidcProvider({
    port: 0,
    audience: 'agent-registry',
    clients: [
      {
        clientId: 'agent-registry',
        clientSecret: 'dev-registry-secret',
        redirectUris: ['https://registry.test/auth/callback'],
      },
    ],
  });
}
