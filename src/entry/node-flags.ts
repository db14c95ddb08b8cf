/**
 * V8's heap settings for the API process (docs/performance.md "Memory"). On a large machine V8 lets
 * the young generation grow to 64 MB per semi-space and the old generation to several times what
 * survived its last full collection; under load the API's garbage then holds hundreds of megabytes
 * that a collection would free. 16 MB semi-spaces and 25% growth keep it under 300 MB resident at a
 * small cost in collection time. These are command-line flags because V8 sizes the heap before any of
 * our code runs (and NODE_OPTIONS refuses `--heap-growing-percent`): `npm run api`, `npm start`, the
 * Dockerfile, docker-compose.yml and the bench all pass them (test/unit/node-flags.test.ts).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--heap-growing-percent=25'];
