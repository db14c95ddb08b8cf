import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Domain } from '../../src/db/entities/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, createDomain, randomLabel } from '../helpers/fixtures.ts';

const RDAP = 'application/rdap+json';

// RDAP (docs/dns-and-rdap.md "RDAP"): the RFC 9083 domain object of a held name, with no data of its holder, and
// RDAP error objects for every refusal under /rdap.
describe('RDAP', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const setDomain = (id: number, data: Partial<Pick<Domain, 'status' | 'dnsEnabled'>>) =>
    t.db.orm.em.fork().nativeUpdate(Domain, { id }, data);

  beforeAll(async () => {
    t = await buildTestApp({ DNS_NAMESERVERS: 'ns1.{namespace}.,ns2.example.net.', GRACE_PERIOD_DAYS: '30' });
  });
  afterAll(() => t.close());

  const expectRdapError = (res: Awaited<ReturnType<typeof get>>, status: number, title: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/rdap\+json/);
    const body = res.json();
    expect(body).toEqual({
      errorCode: status,
      title,
      description: [expect.any(String)],
      rdapConformance: ['rdap_level_0'],
    });
    return body as { description: string[] };
  };

  it('answers a live name with the RFC 9083 domain object, and nothing of its holder', async () => {
    const owner = await createAccount(t.db.orm, { kind: 'human' });
    const label = randomLabel('rdap');
    const d = await createDomain(t.db.orm, {
      label,
      namespace: 'agent',
      owner,
      squadId: 'squad-rdap',
      profile: { endpoints: { a2a: 'https://scout.example/a2a' } },
    });
    const name = `${label}.agent`;

    const res = await get(`/rdap/domain/${name}`, { accept: RDAP });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rdap\+json/);
    const body = res.json();
    expect(body).toMatchObject({
      objectClassName: 'domain',
      rdapConformance: ['rdap_level_0'],
      handle: `${d.id}-AGENT`,
      ldhName: name,
      status: ['active'],
      nameservers: [],
      secureDNS: { delegationSigned: false },
      entities: [
        {
          objectClassName: 'entity',
          roles: ['registrar'],
          vcardArray: ['vcard', expect.arrayContaining([['fn', {}, 'text', 'Agent domain registry']])],
        },
      ],
    });
    expect(body.remarks).toBeUndefined();
    expect(body.events).toEqual([
      { eventAction: 'registration', eventDate: '2026-01-02T03:04:05.678Z' },
      { eventAction: 'expiration', eventDate: '2036-01-02T03:04:05.678Z' },
      { eventAction: 'last changed', eventDate: d.updatedAt.toISOString() },
    ]);
    expect(body.links).toEqual([
      {
        value: `https://registry.test/rdap/domain/${name}`,
        rel: 'self',
        href: `https://registry.test/rdap/domain/${name}`,
        type: RDAP,
      },
      // Only RDAP may be `related` (RDAP clients follow and merge those); the JSON lookup is an alternate
      // form of the record, the agent's own documents describe it (issue 25 item 14).
      expect.objectContaining({
        rel: 'alternate',
        href: `https://registry.test/api/v1/lookup/${name}`,
        type: 'application/json',
      }),
      expect.objectContaining({
        rel: 'describedby',
        href: `https://registry.test/api/v1/domains/${name}/agent.json`,
        type: 'application/json',
      }),
      expect.objectContaining({
        rel: 'describedby',
        href: `https://registry.test/api/v1/domains/${name}/skill.md`,
        type: 'text/plain',
      }),
      // The identity documents, so a client holding only the name finds them (issue 51).
      expect.objectContaining({
        rel: 'describedby',
        href: `https://registry.test/agents/${name}/agent-card.json`,
        type: 'application/json',
      }),
      expect.objectContaining({
        rel: 'describedby',
        href: `https://registry.test/agents/${name}/did.json`,
        type: 'application/did+json',
        title: `DID document (did:web:registry.test:agents:${name})`,
      }),
      expect.objectContaining({
        rel: 'describedby',
        href: `https://registry.test/agents/${name}/registration.json`,
        type: 'application/json',
      }),
    ]);
    // Each link's media type is what its target serves.
    for (const l of body.links as { href: string; type: string }[]) {
      const served = await get(new URL(l.href).pathname);
      expect([l.href, served.statusCode, String(served.headers['content-type']).split(';')[0]]).toEqual([
        l.href,
        200,
        l.type,
      ]);
    }
    const notices = Object.fromEntries(body.notices.map((n: { title: string }) => [n.title, n]));
    expect(Object.keys(notices)).toEqual(['Terms of Use', 'Status Codes', 'Contact Data']);
    expect(notices['Status Codes'].links[0]).toMatchObject({ href: 'https://icann.org/epp' });
    expect(notices['Terms of Use'].links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'terms-of-service', href: 'https://registry.test/' }),
        expect.objectContaining({ href: 'https://registry.test/tld/agent/skill.md' }),
      ]),
    );
    expect(notices['Terms of Use'].description.join(' ')).toMatch(/100000 per 60 seconds/);

    // No entity but the registrar, and nothing that names or links the holder.
    expect(res.body).not.toContain(owner.id);
    expect(res.body).not.toContain('squad-rdap');
    expect(body.entities.flatMap((e: { roles: string[] }) => e.roles)).toEqual(['registrar']);

    // Revalidated cheaply, like the lookup: the current tag is a 304 without a body.
    const again = await get(`/rdap/domain/${name}`, { 'if-none-match': String(res.headers.etag) });
    expect([again.statusCode, again.body]).toEqual([304, '']);
  });

  it('takes the name in any case, with a trailing root dot, and answers HEAD', async () => {
    const label = randomLabel('rdapcase');
    await createDomain(t.db.orm, { label, namespace: 'zen' });
    const res = await get(`/rdap/domain/${label.toUpperCase()}.ZEN.`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ldhName: `${label}.zen`, handle: expect.stringMatching(/^\d+-ZEN$/) });
    const head = await t.app.inject({ method: 'HEAD', url: `/rdap/domain/${label}.zen` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^application\/rdap\+json/);
  });

  it('lists the nameservers only once the holder has enabled DNS', async () => {
    const label = randomLabel('rdapns');
    const d = await createDomain(t.db.orm, { label, namespace: 'agent' });
    expect((await get(`/rdap/domain/${label}.agent`)).json().nameservers).toEqual([]);
    await setDomain(d.id, { dnsEnabled: true });
    expect((await get(`/rdap/domain/${label}.agent`)).json().nameservers).toEqual([
      { objectClassName: 'nameserver', ldhName: 'ns1.agent' },
      { objectClassName: 'nameserver', ldhName: 'ns2.example.net' },
    ]);
  });

  it('maps the grace period to inactive, server hold and server transfer prohibited, with a remark', async () => {
    const label = randomLabel('rdapgrace');
    const expiry = new Date('2026-03-01T00:00:00.000Z');
    const d = await createDomain(t.db.orm, {
      label,
      namespace: 'agent',
      registrationDate: new Date('2025-03-01T00:00:00.000Z'),
      expiryDate: expiry,
    });
    await setDomain(d.id, { status: 'grace' });
    const body = (await get(`/rdap/domain/${label}.agent`)).json();
    expect(body.status).toEqual(['inactive', 'server hold', 'server transfer prohibited']);
    expect(body.events).toContainEqual({ eventAction: 'expiration', eventDate: expiry.toISOString() });
    expect(body.remarks).toEqual([
      {
        title: 'Grace period',
        description: [expect.stringContaining('Until 2026-03-31T00:00:00.000Z only the holder')],
      },
    ]);
  });

  it('is 404 for a name nobody holds, and for an expired record; a new registration is a new handle', async () => {
    const unknown = expectRdapError(await get(`/rdap/domain/${randomLabel('nobody')}.agent`), 404, 'Not Found');
    expect(unknown.description[0]).toMatch(/is not registered/);

    const label = randomLabel('rdapexp');
    const old = await createDomain(t.db.orm, { label, namespace: 'agent' });
    await setDomain(old.id, { status: 'expired' });
    expectRdapError(await get(`/rdap/domain/${label}.agent`), 404, 'Not Found');

    const again = await createDomain(t.db.orm, { label, namespace: 'agent' });
    expect((await get(`/rdap/domain/${label}.agent`)).json().handle).toBe(`${again.id}-AGENT`);
    expect(again.id).not.toBe(old.id);
  });

  it.each([
    ['a leading hyphen', '--bad.agent'],
    ['an empty label', '.agent'],
    ['an empty name inside', 'scout..agent'],
    ['a bare label', 'scout'],
    ['a name outside the namespaces', 'scout.com'],
    ['too many labels', 'a.scout.agent'],
    ['non-ASCII', encodeURIComponent('café.agent')],
    ['a name longer than the schema allows', `${'a'.repeat(301)}.agent`],
  ])('is 400 for %s, as an RDAP error', async (_case, name) => {
    expectRdapError(await get(`/rdap/domain/${name}`), 400, 'Bad Request');
  });

  it('answers other RDAP query types 501, unknown paths 404 and other methods 405, in RDAP errors', async () => {
    expectRdapError(await get('/rdap/nameserver/ns1.agent'), 501, 'Not Implemented');
    expectRdapError(await get('/rdap/entity/AGENT-DOMAIN-REGISTRY'), 501, 'Not Implemented');
    expectRdapError(await get('/rdap/domains?name=scout*'), 501, 'Not Implemented');
    expectRdapError(await get('/rdap/nothing'), 404, 'Not Found');
    const post = await t.app.inject({ method: 'POST', url: '/rdap/domain/scout.agent' });
    expectRdapError(post, 405, 'Method Not Allowed');
    expect(post.headers.allow).toBe('GET, HEAD');
    // The rest of the API keeps its own envelope.
    expect((await get('/api/v1/lookup/--bad.agent')).json()).toMatchObject({ status: 'error', code: 'invalid_name' });
  });

  it('serves help: conformance and notices saying what is offered, the rate limit and the terms', async () => {
    const res = await get('/rdap/help');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rdap\+json/);
    const body = res.json();
    expect(body.rdapConformance).toEqual(['rdap_level_0']);
    const text = JSON.stringify(body.notices);
    expect(text).toContain('/rdap/domain/');
    expect(text).toMatch(/rate limited per client address/);
    expect(body.notices.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['About this service', 'Terms of Use', 'Status Codes']),
    );
  });

  it('is limited per client address like every public route, the refusal an RDAP error', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_IP_MAX: '2' });
    try {
      const call = () => limited.app.inject({ method: 'GET', url: '/rdap/help', remoteAddress: '203.0.113.9' });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/rdap\+json/);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toMatchObject({ errorCode: 429, title: 'Too Many Requests' });
    } finally {
      await limited.close();
    }
  });
});
