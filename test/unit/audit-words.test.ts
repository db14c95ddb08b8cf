import { describe, expect, it } from '@jest/globals';
import { actionInWords, namedActions } from '../../src/dashboard/views/audit-words.ts';
import { declaredRoutes } from '../../src/server/declared.ts';

// The audit trail in words (issue 51): every route that writes an audit event for a credential's change is
// said in words on the Activity page, so a new operation never shows as its route template ("POST
// /api/v1/teams/:team_id/gems" did). The dashboard's form routes are not listed: each calls an operation
// of the API, whose event it is; the header's switch is the dashboard's own change.
describe('the audit trail in words', () => {
  it('names every audited route a credential can call', () => {
    const named = new Set(namedActions());
    const unnamed = declaredRoutes
      .filter((r) => r.method !== 'GET' && r.config.audited !== false && r.config.access.length > 0)
      .filter((r) => !r.url.startsWith('/dashboard') || r.url === '/dashboard/switch')
      .filter((r) => !r.url.startsWith('/checkout/'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !named.has(key));
    expect(unnamed).toEqual([]);
  });

  it('says a switch back to oneself as leaving the team, not as acting for it', () => {
    const switched = (team: string | null) =>
      actionInWords('POST /dashboard/switch', { before: { team_id: 't1' }, after: { team_id: team } });
    expect([switched('t2'), switched(null)]).toEqual(['began to act for', 'stopped acting for']);
  });
});
