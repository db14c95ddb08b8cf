import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { auditEventValues, INSERT_AUDIT_EVENT } from '../../src/db/audit-subscriber.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession } from '../helpers/identities.ts';

// Issue 49 part 3: the audit export is JSON Lines, one event per line for every line splitter, including
// those that also break at U+2028, U+2029 and U+0085 (JavaScript's, Python's str.splitlines, many log tools).
describe('audit export lines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('escapes U+2028, U+2029 and U+0085 so each event is one line, and they read back unchanged', async () => {
    const person = await humanWithSession(t.app, t.db.orm, `export-${randomLabel()}`);
    const odd = ['a\u2028b', 'c\u2029d', 'e\u0085f'];
    for (const object of odd)
      await t.db.orm.em
        .fork()
        .getConnection()
        .execute(
          INSERT_AUDIT_EVENT,
          auditEventValues({
            requestId: randomUUID(),
            actorAccountId: person.accountId,
            credentialKind: 'session',
            credentialId: null,
            ip: '127.0.0.1',
            action: 'PATCH /api/v1/domains/:domain_name/profile',
            object,
            details: { params: { domain_name: object }, fields: [`x${object}`] },
          }),
        );
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 3600_000).toISOString();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/export?from=${from}&to=${to}`,
      headers: { cookie: person.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/[\u2028\u2029\u0085]/);
    // Python's str.splitlines breaks at each of these, as JavaScript's line terminators do at two of them.
    const lines = res.body.split(/\r\n|[\n\r\v\f\u001c\u001d\u001e\u0085\u2028\u2029]/).filter((l) => l !== '');
    expect(lines).toHaveLength(odd.length);
    expect(lines.map((l) => (JSON.parse(l) as { object: string }).object)).toEqual(odd);
  });
});
