/**
 * An encapsulated plugin that says its own name, as fastify-plugin's plugins do. Fastify looks up the
 * name of one that does not by walking `require.cache` for the module exporting it, twice for each
 * registration: cheap in production, but under jest, whose `require.cache` is a proxy over every module
 * the test file loaded, those walks cost about 3 s of CPU for each app built, more than most test files
 * spend on their tests. The name given is the one the walk ends with for an ES module's export, the
 * function's own, so nothing else changes.
 */
export function named<T extends (...args: never[]) => unknown>(plugin: T, name = plugin.name): T {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}
