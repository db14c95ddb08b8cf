/**
 * An encapsulated plugin that says its own name, as fastify-plugin's plugins do. Fastify looks up the
 * name of one that does not by walking `require.cache` for the module exporting it, twice for each
 * registration: cheap in production, but under jest, whose `require.cache` is a proxy over every module
 * the test file loaded, those walks cost about 3 s of CPU for each app built, more than most test files
 * spend on their tests. The name given is the one the walk ends with for an ES module's export, the
 * function's own, so nothing else changes.
 */
export function named<T extends (...args: never[]) => unknown>(plugin: T, name?: string): T {
  const given = (plugin as unknown as Record<symbol, unknown>)[DISPLAY_NAME];
  // A plugin that already says its name (operationsPlugin names its own) keeps it.
  return Object.assign(plugin, { [DISPLAY_NAME]: name ?? (typeof given === 'string' ? given : plugin.name) });
}
const DISPLAY_NAME = Symbol.for('fastify.display-name');
