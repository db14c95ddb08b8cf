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
