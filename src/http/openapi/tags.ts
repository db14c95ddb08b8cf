/** Top-level tags, in the order a reader meets them. */
export const tags = [
  { name: 'discovery', description: 'Search, lookup and quotes: public, read-only.' },
  { name: 'registration', description: 'Registering and paying for names; checkout status and locks.' },
  { name: 'management', description: 'Your domains, activity and transfers.' },
  { name: 'profile', description: 'What your domains publish: profile, skill text, storefront.' },
  {
    name: 'market',
    description: 'The secondary market: listings, purchases, offers, sales (90% seller, 5% referrer, 5% platform).',
  },
  {
    name: 'rdap',
    description: 'Registration data over RDAP (RFC 7480, 9082, 9083): public, read-only, `application/rdap+json`.',
  },
  { name: 'command', description: 'Structured commands for agents and the dashboard (dry runs).' },
  { name: 'identity', description: 'Agent identities, claiming and revocation.' },
  {
    name: 'teams',
    description: 'Teams: members with roles, invitation links, moving names and agents in (docs/teams.md).',
  },
  { name: 'keys', description: 'The API-key dashboard (signed-in people).' },
  {
    name: 'webhooks',
    description:
      'Webhook subscriptions of an account (X-API-Key): signed, at-least-once delivery of the events about its domains, with a delivery log.',
  },
  { name: 'auth', description: 'Browser sign-in with the identity provider.' },
  { name: 'pages', description: 'HTML pages and skill files.' },
  { name: 'health', description: 'Liveness and readiness.' },
];
