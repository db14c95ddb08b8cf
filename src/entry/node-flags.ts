/**
 * V8's heap settings for the API process (docs/performance.md "Memory"). On a large machine V8 lets
 * the young generation grow to 64 MB per semi-space and the old generation to several times what
 * survived its last full collection; under load the API's garbage then holds hundreds of megabytes
 * that a collection would free. 4 MB semi-spaces and 10% growth keep it near what is live: with the
 * fast read (src/http/plugins/fast-read.ts) a cached lookup leaves little garbage, and lookup kept its
 * speed against the ceiling (issue 52: 16 MB and 8 MB semi-spaces with 25% growth held 20 and 30 MB more
 * under the bench's lookup load; docs/performance.md "Memory"). These are command-line flags because
 * V8 sizes the heap before any of our code runs (and NODE_OPTIONS refuses `--heap-growing-percent`):
 * `npm run api`, `npm start`, the Dockerfile, docker-compose.yml and the bench all pass them
 * (test/unit/node-flags.test.ts).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=10'];
