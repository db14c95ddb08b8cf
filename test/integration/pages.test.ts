import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

describe('namespace pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves the landing page as HTML with the search field and skill link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tld/agent' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('The home address for autonomous agents.');
    expect(res.body).toContain('id="search-input"');
    expect(res.body).toContain('href="/tld/agent/skill.md"');
    expect(res.body).toMatch(/id="phase-badge"[^>]*>\s*Public/);
    expect(res.body.length).toBeLessThan(15_000);
  });

  it('serves a home page at / listing every namespace, with sign-in when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const ns of t.app.deps.namespaces.all) expect(res.body).toContain(`href="/tld/${ns.namespace}"`);
    expect(res.body).toContain('href="/auth/login"');
    expect(res.body).toContain('href="/docs"');
    // A cookie that is not a valid session is simply a visitor, not an error.
    const bogus = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'registry_session=forged' } });
    expect(bogus.statusCode).toBe(200);
    expect(bogus.body).toContain('id="signed-out"');
  });

  it('has an icon: /favicon.ico (asked for by browsers on their own) and the SVG every page links (issue 51)', async () => {
    const ico = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect([ico.statusCode, ico.headers['content-type']]).toEqual([200, 'image/x-icon']);
    // An ICO directory of one 16x16 image, 32 bits a pixel.
    expect([...ico.rawPayload.subarray(0, 10)]).toEqual([0, 0, 1, 0, 1, 0, 16, 16, 0, 0]);
    expect(ico.rawPayload.readUInt16LE(12)).toBe(32);
    const svg = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect([svg.statusCode, svg.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const page of ['/', '/tld/agent'])
      expect((await t.app.inject({ method: 'GET', url: page })).body).toContain('<link rel="icon" href="/favicon.svg"');
  });

  it('sends security headers, and its CSP admits exactly its own inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tld/agent' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
    // The home page answers its search with the same script, so the same policy admits it.
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const homeScript = /<script>([\s\S]*?)<\/script>/.exec(home.body)?.[1] ?? '';
    expect(String(home.headers['content-security-policy'])).toContain(
      `'sha256-${createHash('sha256').update(homeScript).digest('base64')}'`,
    );
  });

  it('keeps the API reference working under that policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    const html =
      page.statusCode === 302 ? await t.app.inject({ method: 'GET', url: String(page.headers.location) }) : page;
    expect(html.statusCode).toBe(200);
    const scripts = [...html.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    expect(html.body).not.toMatch(/<script>[^<]/); // no inline script the policy would block
    for (const src of scripts) {
      const url = src.startsWith('/') ? src : `/docs/${src.replace(/^\.\//, '')}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('lets tools on other origins call the API (CORS), without cookies', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/domains/search?q=scout',
      headers: {
        origin: 'https://tool.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/domains/search?q=scout',
      headers: { origin: 'https://tool.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBe('*');
    // A browser-based MPP or x402 client reads the challenge and the receipt; an x402 one sends its signature.
    for (const h of ['WWW-Authenticate', 'Payment-Receipt', 'PAYMENT-REQUIRED', 'PAYMENT-RESPONSE'])
      expect(String(get.headers['access-control-expose-headers'])).toContain(h);
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('payment-signature');
  });

  it('serves the skill file as plain-text markdown with every section', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tld/factory/skill.md' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const headings = res.body.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toEqual(['## Overview', '## Current status', '## How to register', '## Special rules']);
    expect(res.body).toContain('https://registry.test/api/v1/domains/register');
    expect(res.body).toMatch(/whitelist/i);
  });

  it('is a JSON 404 for an unknown namespace', async () => {
    for (const url of ['/tld/nope', '/tld/nope/skill.md']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', code: 'namespace_not_found' });
    }
  });
});
