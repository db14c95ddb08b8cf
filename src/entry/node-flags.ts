/**
 * V8's heap settings for the API process (docs/performance.md "Memory"). On a large machine V8 lets
 * the young generation grow to 64 MB per semi-space and the old generation to several times what
 * survived its last full collection; under load the API's garbage then holds hundreds of megabytes
 * that a collection would free. 8 MB semi-spaces and 25% growth keep it near what is live at no
 * measured cost in throughput (16 MB semi-spaces held 20 MB more under the bench's lookup load; issue
 * 52). These are command-line flags because V8 sizes the heap before any of our code runs (and
 * NODE_OPTIONS refuses `--heap-growing-percent`): `npm run api`, `npm start`, the Dockerfile,
 * docker-compose.yml and the bench all pass them (test/unit/node-flags.test.ts).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=25'];
