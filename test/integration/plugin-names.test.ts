import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

// Fastify names a plugin that does not say its name by walking `require.cache` for the module exporting
// it. Under jest that cache is a proxy over every module of the test file, and the walks cost seconds of
// CPU for each app built (src/http/plugin-name.ts): every plugin of ours says its name.
describe('the plugins of the app', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('each say their name, so Fastify never searches the module cache for it', async () => {
    const utils = createRequire(import.meta.url)('fastify/lib/plugin-utils.js') as {
      getPluginName: (fn: (...args: unknown[]) => unknown) => string;
    };
    const search = utils.getPluginName;
    const unnamed: string[] = [];
    utils.getPluginName = (fn) => {
      if (!(fn as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')])
        unnamed.push(fn.name || String(fn).slice(0, 60));
      return search(fn);
    };
    try {
      t = await buildTestApp();
    } finally {
      utils.getPluginName = search;
    }
    // What is left: @fastify/swagger-ui's inner plugin, and three small plugins registered inside routes.
    expect(unnamed.length).toBeLessThanOrEqual(4);
    expect(unnamed).toContain('fastifySwagger');
  });
});
